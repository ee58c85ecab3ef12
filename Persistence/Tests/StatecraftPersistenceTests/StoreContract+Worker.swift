import Foundation
import StatecraftPersistence
import StatecraftTesting
import Testing

/// Workers, on every store: each serves the machines of the shards it leases — their accepted events in
/// acceptance order, exactly once, and their due timers — and a dead worker's shards are taken over once
/// its leases run out.
extension StoreContract {
    /// Two workers share eight shards; orders placed and some paid are applied once each, and once the
    /// first worker dies (it stops renewing), the second takes its shards over and fires the timeouts of
    /// the unpaid orders.
    func workersServeAcceptedEventsOnceAndTakeOverDeadWorkers() async throws {
        let store = try #require(store as? any EventInbox & ShardLeases)
        // A year before the other tests' time: no timer of theirs is due for these workers.
        let clock = ManualClock()
        let timeline = DurableTimeline(
            clock: clock, origin: DurableInstant(nanosecondsSinceEpoch: 1_735_689_600_000_000_000))
        let orders = (0..<12).map { Self.uniqueID("served-\($0)") }
        for (index, order) in orders.enumerated() {
            try await store.accept(machine: order, eventID: "place", event: Self.json(.place), acceptedAt: timeline.now)
            if index.isMultiple(of: 2) {
                try await store.accept(machine: order, eventID: "pay", event: Self.json(.pay), acceptedAt: timeline.now)
            }
        }
        func worker(_ owner: String, shards: Int = 4) -> DurableWorker<PaymentChart.State, PaymentChart.Event, Int> {
            DurableWorker(
                store: store, chart: PaymentChart.make(), owner: owner, shardCount: 8, maximumShards: shards,
                lease: .seconds(2), timeline: timeline)
        }
        let (first, second) = (worker(Self.uniqueID("first")), worker(Self.uniqueID("second")))
        async let one = first.serveOnce()
        async let two = second.serveOnce()
        let passes = try await [one, two]
        #expect(Set(passes.flatMap(\.shards)) == Set(0..<8))
        #expect(passes.map(\.shards.count) == [4, 4])
        for (index, order) in orders.enumerated() {
            #expect(try await journalReplays(order) == (index.isMultiple(of: 2) ? ["place", "pay"] : ["place"]))
        }
        // The first worker dies; after its lease ran out and the timeouts fell due, the second serves all.
        await clock.advance(by: .seconds(60))
        let survivor = worker(second.owner, shards: 8)
        #expect(try await survivor.serveOnce().shards == Array(0..<8))
        try await store.releaseShards(owner: second.owner)
        for (index, order) in orders.enumerated() {
            let journal = try await journalReplays(order)
            #expect(journal == (index.isMultiple(of: 2) ? ["place", "pay"] : ["place", "timer:2", "timer:3"]))
        }
    }

    /// A worker whose `run()` is cancelled releases its leases: another worker takes its shards at once,
    /// without waiting for the leases to run out.
    func aStoppedWorkerReleasesItsLeases() async throws {
        let store = try #require(store as? any EventInbox & ShardLeases)
        let (_, timeline) = Self.time()
        let worker = DurableWorker(
            store: store, chart: PaymentChart.make(), owner: Self.uniqueID("stopping"), shardCount: 4,
            lease: .seconds(3600), timeline: timeline)
        #expect(try await worker.serveOnce().shards == [0, 1, 2, 3])
        let running = Task { try await worker.run() }
        running.cancel()
        try await running.value
        #expect(try await store.shardLeases().filter { $0.owner == worker.owner }.isEmpty)
        let next = Self.uniqueID("next")
        let now = timeline.now
        #expect(
            try await store.claimShards(
                owner: next, shardCount: 4, limit: 4, until: now.advanced(by: .seconds(2)), now: now)
                == [0, 1, 2, 3])
        try await store.releaseShards(owner: next)
    }
}
