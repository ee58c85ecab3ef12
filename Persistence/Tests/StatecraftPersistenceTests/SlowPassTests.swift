import Foundation
import StatecraftPersistence
import Testing

/// A pass that takes longer than a third of its lease — a busy host — renews its leases before writing, so
/// that its shards do not lapse to other workers, and leaves out the machines of shards it lost meanwhile.
@Suite("Slow passes")
struct SlowPassTests {
    /// A new order with its `place` event accepted now.
    static func placedOrder(in store: some EventInbox, _ timeline: DurableTimeline) async throws -> String {
        let order = StoreContract.uniqueID("order")
        try await store.accept(
            machine: order, eventID: "place", event: StoreContract.json(.place), acceptedAt: timeline.now)
        return order
    }

    /// A worker on four shards with two-second leases.
    static func worker(of store: any EventInbox & ShardLeases, _ owner: String, _ timeline: DurableTimeline)
        -> DurableWorker<PaymentChart.State, PaymentChart.Event, Int>
    {
        DurableWorker(
            store: store, chart: PaymentChart.make(), owner: owner, shardCount: 4, lease: .seconds(2),
            timeline: timeline)
    }

    /// A second goes by while the pass takes its batch: the pass renews its leases, which run two seconds
    /// from then, not from the pass's start.
    @Test func aSlowPassRenewsItsLeasesBeforeWriting() async throws {
        try await SQLiteStoreTests.withStore { contract in
            let base = try #require(contract.store as? any EffectOutbox & ShardLeases)
            let (clock, timeline) = StoreContract.time()
            let store = FlakyWorkerStore(base, failures: 0) { await clock.advance(by: .seconds(1)) }
            let order = try await Self.placedOrder(in: store, timeline)
            let worker = Self.worker(of: store, StoreContract.uniqueID("slow"), timeline)
            #expect(try await worker.serveOnce().applied == 1)
            let held = try await store.shardLeases().filter { $0.owner == worker.owner }
            #expect(held.map(\.expires) == Array(repeating: StoreContract.origin.advanced(by: .seconds(3)), count: 4))
            #expect(try await contract.journalReplays(order) == ["place"])
        }
    }

    /// While the pass stalls past its lease, another worker takes every shard: the pass writes nothing, and
    /// the other worker applies the event once the stalled one has stopped.
    @Test func aSlowPassLeavesOutTheMachinesOfShardsItLost() async throws {
        try await SQLiteStoreTests.withStore { contract in
            let base = try #require(contract.store as? any EffectOutbox & ShardLeases)
            let (clock, timeline) = StoreContract.time()
            let other = StoreContract.uniqueID("other")
            let store = FlakyWorkerStore(base, failures: 0) { () throws(MachineStoreError) in
                await clock.advance(by: .seconds(3))
                let now = timeline.now
                _ = try await base.claimShards(
                    owner: other, shardCount: 4, limit: 4, until: now.advanced(by: .seconds(2)), now: now)
            }
            let order = try await Self.placedOrder(in: store, timeline)
            let worker = Self.worker(of: store, StoreContract.uniqueID("stalled"), timeline)
            let pass = try await worker.serveOnce()
            #expect(pass.applied == 0)
            #expect(pass.shards.isEmpty)
            #expect(try await store.journal(machine: order).isEmpty)
            // The stalled worker stops (or it would count as live, and the other would give it half the shards).
            try await store.releaseShards(owner: worker.owner)
            #expect(try await Self.worker(of: base, other, timeline).serveOnce().applied == 1)
            #expect(try await contract.journalReplays(order) == ["place"])
        }
    }
}
