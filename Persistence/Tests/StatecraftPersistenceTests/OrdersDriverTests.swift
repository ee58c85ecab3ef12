import Foundation
import OrdersKit
import StatecraftPersistence
import StatecraftSQLite
import StatecraftTesting
import Testing

/// The `orders` example's driver on SQLite: any number of workers and any interruption give the same
/// checksum, a rerun applies only the events not journaled yet, and the store verifies.
@Suite("Orders driver")
struct OrdersDriverTests {
    static func withStore<Result>(_ body: (SQLiteMachineStore) async throws -> Result) async throws -> Result {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID().uuidString).db").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let store = try await SQLiteMachineStore(path: path)
        let result = try await body(store)
        try await store.close()
        return result
    }

    @Test func theChecksumDoesNotDependOnTheWorkersOrOnInterruptions() async throws {
        let stream = OrderStream(seed: 7, machines: 12, events: 300)
        let single = try await Self.withStore { store in
            try await OrdersDriver(store: store, stream: stream, workers: 1).run()
        }
        #expect(single.journal == 300)
        #expect(single.applied == 300)
        let interrupted = try await Self.withStore { store in
            // A run that stopped after 120 events, as a kill would leave it, then the full run.
            let first = try await OrdersDriver(
                store: store, stream: OrderStream(seed: 7, machines: 12, events: 120), workers: 4
            ).run()
            #expect(first.journal == 120)
            let rest = try await OrdersDriver(store: store, stream: stream, workers: 4).run()
            #expect(rest.applied == 180)
            #expect(try await OrdersDriver(store: store, stream: stream, workers: 3).verify() == [])
            return rest
        }
        #expect(interrupted.checksum == single.checksum)
        #expect(interrupted.journal == 300)
        #expect(interrupted.line == "checksum=\(single.checksum) journal=300")
    }

    @Test func anotherStreamGivesAnotherChecksum() async throws {
        let first = try await Self.withStore { store in
            try await OrdersDriver(store: store, stream: OrderStream(seed: 1, machines: 5, events: 100), workers: 2)
                .run()
        }
        let second = try await Self.withStore { store in
            try await OrdersDriver(store: store, stream: OrderStream(seed: 2, machines: 5, events: 100), workers: 2)
                .run()
        }
        #expect(first.checksum != second.checksum)
    }

    @Test func verificationCatchesAJournalThatDoesNotMatchTheStream() async throws {
        let problems = try await Self.withStore { store in
            let stream = OrderStream(seed: 3, machines: 2, events: 20)
            _ = try await OrdersDriver(store: store, stream: stream, workers: 1).run()
            // Another seed's stream does not match what this store's journals hold.
            return try await OrdersDriver(
                store: store, stream: OrderStream(seed: 4, machines: 2, events: 20), workers: 1
            ).verify()
        }
        #expect(!problems.isEmpty)
    }

    /// With a payment timeout on a manual clock, the run waits for the timers: exactly the orders an
    /// untimed run leaves placed are cancelled by their timer, and the store still verifies.
    @Test func aPlacedOrderNotPaidInTimeIsCancelledByItsTimer() async throws {
        let stream = OrderStream(seed: 7, machines: 40, events: 200)
        let placed = try await Self.withStore { store in
            _ = try await OrdersDriver(store: store, stream: stream, workers: 2).run()
            return try await Self.machines(in: .placed, store: store, chart: OrderChart.make(), stream: stream)
        }
        try #require(!placed.isEmpty)
        let clock = ManualClock()
        let timeline = DurableTimeline(clock: clock, origin: DurableInstant(nanosecondsSinceEpoch: 1_000_000_000))
        try await Self.withStore { store in
            let driver = OrdersDriver(
                store: store, stream: stream, workers: 2, paymentTimeout: .seconds(30), timeline: timeline)
            let running = Task { try await driver.run() }
            // The run applies the stream, then sleeps until the first timer is due (for at most 10 s here:
            // a run without timers never sleeps).
            for _ in 0..<10_000 where clock.sleeperCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
            await clock.advance(by: .seconds(30))
            let summary = try await running.value
            #expect(summary.expired == placed.count)
            #expect(summary.journal == 200 + placed.count)
            #expect(summary.line.hasSuffix(" expired=\(placed.count)"))
            let chart = OrderChart.make(paymentTimeout: .seconds(30))
            #expect(
                try await Self.machines(in: .cancelled, store: store, chart: chart, stream: stream).isSuperset(
                    of: placed))
            #expect(try await Self.machines(in: .placed, store: store, chart: chart, stream: stream).isEmpty)
            #expect(try await driver.verify() == [])
        }
    }

    /// The identifiers of the stream's machines whose stored state is `state`.
    static func machines(
        in state: OrderState, store: any MachineStore, chart: OrderChart.Chart, stream: OrderStream
    ) async throws -> Set<String> {
        var found: Set<String> = []
        for index in 0..<stream.machines {
            let id = OrderStream.machineID(index)
            let machine = try await DurableMachine(id: id, chart: chart, store: store)
            // A finished order is in a top-level final state: the snapshot names it, the configuration is empty.
            let snapshot = await machine.snapshot
            if (snapshot.configuration.first ?? snapshot.finalState) == state { found.insert(id) }
        }
        return found
    }

    @Test func paymentTimeoutsParse() throws {
        #expect(try DurationText.parse("3s") == .seconds(3))
        #expect(try DurationText.parse("500ms") == .milliseconds(500))
        #expect(try DurationText.parse("2m") == .seconds(120))
        for wrong in ["3", "-1s", "s", "1.5s", "3h"] {
            #expect(throws: OrdersError.badDuration(wrong)) { try DurationText.parse(wrong) }
        }
    }

    @Test func storeLocationsParse() throws {
        #expect(try OrdersStoreLocation("sqlite:orders.db") == .sqlite(path: "orders.db"))
        #expect(try OrdersStoreLocation("postgres://u@h:5/d") == .postgres(url: "postgres://u@h:5/d"))
        #expect(throws: OrdersError.badStore("mysql://x")) { try OrdersStoreLocation("mysql://x") }
    }
}
