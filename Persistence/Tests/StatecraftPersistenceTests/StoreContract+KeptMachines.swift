import Foundation
import StatecraftPersistence
import Testing

/// What a worker reads of its batch's machines, on every store: many machines loaded at once as each loads
/// alone, and a machine kept from an earlier pass that another writer advanced meanwhile loaded again.
extension StoreContract {
    /// `load(machines:)` gives each machine as `load(machine:)` does — one stored at its version, one
    /// restored from an older snapshot and the entries after it — and leaves out a machine never stored.
    func aBatchLoadGivesWhatLoadsOneByOneGive() async throws {
        let (clock, timeline) = Self.time()
        let (current, replayed, absent) = (Self.uniqueID("batch"), Self.uniqueID("batch"), Self.uniqueID("batch"))
        try await store.save(machine: current, snapshot: Data("one".utf8), entry: Self.entry(1, "a"))
        let order = try await Payment(
            id: replayed, chart: PaymentChart.make(), store: store, timeline: timeline, snapshotInterval: 3)
        for (index, event) in [PaymentChart.Event.pay, .pay, .place, .place].enumerated() {
            try await order.apply(event, id: "e\(index)")
            await clock.advance(by: .seconds(1))
        }
        let loaded = try await store.load(machines: [current, replayed, absent])
        #expect(loaded.keys.sorted() == [current, replayed].sorted())
        #expect(loaded[current] == (try await store.load(machine: current)))
        #expect(loaded[replayed] == (try await store.load(machine: replayed)))
        #expect(loaded[replayed]?.replay?.entries.map(\.eventID) == ["e3"])
        #expect(try await store.load(machines: []).isEmpty)
    }

    /// A worker keeps the machine it served; another writer applies an event to it; the worker's next pass
    /// meets the conflict and writes nothing of it, and the pass after loads the machine again and applies
    /// the event waiting — after the other writer's, once.
    func aWorkerReloadsAMachineAnotherWriterAdvanced() async throws {
        let store = try #require(store as? any EventInbox & ShardLeases)
        // A year before the other tests' worker tests: none of their timers is due, none of their leases held.
        let (_, timeline) = Self.time(from: DurableInstant(nanosecondsSinceEpoch: 1_704_067_200_000_000_000))
        let worker = DurableWorker(
            store: store, chart: PaymentChart.make(), owner: Self.uniqueID("keeping"), shardCount: 1,
            timeline: timeline)
        let id = Self.uniqueID("kept")
        try await store.accept(machine: id, eventID: "place", event: Self.json(.place), acceptedAt: timeline.now)
        #expect(try await worker.serveOnce().applied == 1)
        // Another process pays the order: the worker's kept machine is one version behind.
        try await payment(id, timeline).apply(.pay, id: "pay")
        try await store.accept(machine: id, eventID: "late", event: Self.json(.place), acceptedAt: timeline.now)
        #expect(try await worker.serveOnce().applied == 0)
        #expect(try await worker.serveOnce().applied == 1)
        #expect(try await journalReplays(id) == ["place", "pay", "late"])
        #expect(try await store.acceptedEvents(machine: id, limit: 10).isEmpty)
        try await store.releaseShards(owner: worker.owner)
    }
}
