import Foundation
import StatecraftPersistence
import StatecraftTesting
import Testing

/// Workers waiting for work, on every store: an event accepted through the store of the worker's process
/// wakes it at once, whatever its poll interval; and passes within the claim interval reuse the last claim.
extension StoreContract {
    /// A worker with a ten-second poll interval on a clock that never moves waits for work; an event
    /// accepted meanwhile is committed within seconds of wall time — the acceptance woke the worker, as no
    /// poll ever would.
    func anAcceptedEventWakesAWaitingWorker() async throws {
        let store = try #require(store as? any EventInbox & ShardLeases)
        // Years after the other tests' time: their workers' leases have all run out.
        let timeline = DurableTimeline(
            clock: ManualClock(), origin: DurableInstant(nanosecondsSinceEpoch: 4_102_444_800_000_000_000))
        let worker = DurableWorker(
            store: store, chart: PaymentChart.make(), owner: Self.uniqueID("waiting"), shardCount: 4,
            lease: .seconds(60), timeline: timeline, pollInterval: .seconds(10))
        let running = Task { try await worker.run() }
        defer { running.cancel() }
        let start = ContinuousClock.now
        while try await store.shardLeases().allSatisfy({ $0.owner != worker.owner }) {
            try #require(start.duration(to: .now) < .seconds(10), "the worker never claimed its shards")
            try await Task.sleep(for: .milliseconds(10))
        }
        // The worker's first pass found nothing; it waits now (or is about to).
        try await Task.sleep(for: .milliseconds(100))
        let order = Self.uniqueID("woken")
        let accepted = ContinuousClock.now
        try await store.accept(machine: order, eventID: "place", event: Self.json(.place), acceptedAt: timeline.now)
        while try await store.journal(machine: order).isEmpty {
            try #require(accepted.duration(to: .now) < .seconds(5), "the accepted event was not applied")
            try await Task.sleep(for: .milliseconds(5))
        }
        running.cancel()
        try await running.value
        #expect(try await journalReplays(order) == ["place"])
    }

    /// With a claim interval, a pass within it goes on with the last claim's shards (the leases are not
    /// renewed); the first pass after it claims again.
    func passesWithinTheClaimIntervalReuseTheLastClaim() async throws {
        let store = try #require(store as? any EventInbox & ShardLeases)
        let clock = ManualClock()
        let origin = DurableInstant(nanosecondsSinceEpoch: 4_133_980_800_000_000_000)
        let timeline = DurableTimeline(clock: clock, origin: origin)
        let worker = DurableWorker(
            store: store, chart: PaymentChart.make(), owner: Self.uniqueID("claiming"), shardCount: 4,
            lease: .seconds(2), timeline: timeline, claimInterval: .milliseconds(400))
        func expiries() async throws -> [DurableInstant] {
            try await store.shardLeases().filter { $0.owner == worker.owner }.map(\.expires)
        }
        #expect(try await worker.serveOnce().shards == [0, 1, 2, 3])
        #expect(try await expiries() == Array(repeating: origin.advanced(by: .seconds(2)), count: 4))
        await clock.advance(by: .milliseconds(300))
        #expect(try await worker.serveOnce().shards == [0, 1, 2, 3])
        #expect(try await expiries() == Array(repeating: origin.advanced(by: .seconds(2)), count: 4))
        await clock.advance(by: .milliseconds(100))
        #expect(try await worker.serveOnce().shards == [0, 1, 2, 3])
        #expect(try await expiries() == Array(repeating: origin.advanced(by: .milliseconds(2400)), count: 4))
        try await store.releaseShards(owner: worker.owner)
    }
}
