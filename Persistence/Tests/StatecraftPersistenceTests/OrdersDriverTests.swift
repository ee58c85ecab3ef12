import Foundation
import OrdersKit
import StatecraftPersistence
import StatecraftSQLite
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

    @Test func storeLocationsParse() throws {
        #expect(try OrdersStoreLocation("sqlite:orders.db") == .sqlite(path: "orders.db"))
        #expect(try OrdersStoreLocation("postgres://u@h:5/d") == .postgres(url: "postgres://u@h:5/d"))
        #expect(throws: OrdersError.badStore("mysql://x")) { try OrdersStoreLocation("mysql://x") }
    }
}
