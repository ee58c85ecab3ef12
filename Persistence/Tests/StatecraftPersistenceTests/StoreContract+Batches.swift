import Foundation
import StatecraftPersistence
import StatecraftTesting
import Testing

/// Batches, on every store: a worker takes its shards' accepted events by slot in acceptance order, and
/// writes many machines' steps in one transaction — all or nothing; a machine keeps a snapshot every few
/// events and is restored from it and the journal entries after it.
extension StoreContract {
    /// Shards of 4096 (one slot each) holding exactly the given machines' slots.
    static func shards(of machines: [String]) -> [Int] {
        Array(Set(machines.map { MachineShard.slot(of: $0) })).sorted()
    }

    /// A batch taken for some shards holds only their machines' events, in acceptance order.
    func aBatchTakenByShardHoldsItsMachinesEventsInAcceptanceOrder() async throws {
        let inbox = try inbox
        let (mine, other) = (Self.uniqueID("taken"), Self.uniqueID("left"))
        let (_, timeline) = Self.time()
        try await payment(mine, timeline).apply(.place, id: "place")
        for (machine, eventID) in [(mine, "pay"), (other, "place"), (mine, "place"), (mine, "late")] {
            try await inbox.accept(machine: machine, eventID: eventID, event: Self.json(.pay), acceptedAt: Self.origin)
        }
        // `place` of `mine` was journaled before it was accepted again: `accept` refuses it.
        let shards = Self.shards(of: [mine]).filter { !Self.shards(of: [other]).contains($0) }
        try #require(!shards.isEmpty, "the two machines share a slot")
        let taken = try await inbox.acceptedEvents(shards: shards, shardCount: MachineShard.slotCount, limit: 1000)
            .filter { [mine, other].contains($0.machine) }
        #expect(taken.map(\.eventID) == ["pay", "late"])
        #expect(taken.map(\.machine) == [mine, mine])
        #expect(taken.map(\.isJournaled) == [false, false])
        #expect(taken.map(\.position) == taken.map(\.position).sorted())
        let first = try await inbox.acceptedEvents(shards: shards, shardCount: MachineShard.slotCount, limit: 1)
        #expect(first.count == 1)
    }

    /// Many events accepted in one call are stored in the order given, once each: those already waiting or
    /// journaled are not accepted again.
    func manyEventsAreAcceptedAtOnceInTheOrderGiven() async throws {
        let inbox = try inbox
        let (first, second) = (Self.uniqueID("many"), Self.uniqueID("many"))
        let (_, timeline) = Self.time()
        try await payment(first, timeline).apply(.place, id: "place")
        func event(_ machine: String, _ eventID: String) -> AcceptedEvent {
            AcceptedEvent(
                machine: machine, position: 0, eventID: eventID, event: Data("\"pay\"".utf8), acceptedAt: Self.origin)
        }
        let events = [
            event(second, "b1"), event(first, "place"), event(first, "a1"), event(second, "b2"), event(first, "a1"),
        ]
        #expect(try await inbox.accept(events) == 3)
        #expect(try await inbox.accept(events) == 0)
        #expect(try await inbox.acceptedEvents(machine: first, limit: 10).map(\.eventID) == ["a1"])
        let waiting = try await inbox.acceptedEvents(machine: second, limit: 10)
        #expect(waiting.map(\.eventID) == ["b1", "b2"])
        #expect(waiting.map(\.position) == waiting.map(\.position).sorted())
    }

    /// One group commit writes two machines' entries and consumes their inbox events together; a batch with
    /// one stale machine is a conflict naming it, and writes nothing of the other.
    func aGroupCommitWritesEveryMachineOrNothing() async throws {
        let inbox = try inbox
        let (first, second) = (Self.uniqueID("group"), Self.uniqueID("group"))
        for machine in [first, second] {
            try await inbox.accept(
                machine: machine, eventID: "a", event: Data("\"addItem\"".utf8), acceptedAt: Self.origin)
        }
        func commit(_ machine: String, _ sequence: Int64, _ eventID: String) -> MachineCommit {
            MachineCommit(
                machine: machine, entries: [Self.entry(sequence, eventID)],
                snapshot: .init(data: Data("v\(sequence)".utf8), version: sequence, takenAt: .epoch), timers: [])
        }
        try await inbox.commit([commit(first, 1, "a"), commit(second, 1, "a")])
        #expect(try await store.load(machine: first) == StoredMachine(snapshot: Data("v1".utf8), version: 1))
        #expect(try await store.load(machine: second) == StoredMachine(snapshot: Data("v1".utf8), version: 1))
        #expect(try await inbox.acceptedEvents(machine: first, limit: 10).isEmpty)
        #expect(try await inbox.acceptedEvents(machine: second, limit: 10).isEmpty)

        try await inbox.accept(machine: first, eventID: "b", event: Data("\"addItem\"".utf8), acceptedAt: Self.origin)
        await #expect(throws: MachineStoreError.conflict(machine: second, expected: 0, found: 1)) {
            try await inbox.commit([commit(first, 2, "b"), commit(second, 1, "x")])
        }
        await #expect(throws: MachineStoreError.duplicateEvent(machine: second, eventID: "a")) {
            try await inbox.commit([commit(first, 2, "b"), commit(second, 2, "a")])
        }
        #expect(try await store.load(machine: first)?.version == 1)
        #expect(try await store.journal(machine: first).map(\.eventID) == ["a"])
        #expect(try await inbox.acceptedEvents(machine: first, limit: 10).map(\.eventID) == ["b"])
        #expect(try await store.journal(machine: second).map(\.eventID) == ["a"])
    }

    /// A group commit takes out of the inbox every event it journals and every one it discards (found
    /// journaled already), of every machine — a machine with nothing to journal included — and leaves the
    /// others waiting.
    func aGroupCommitTakesItsJournaledAndDiscardedEventsOutOfTheInbox() async throws {
        let inbox = try inbox
        let (first, second) = (Self.uniqueID("taken"), Self.uniqueID("taken"))
        for (machine, eventID) in [(first, "a"), (first, "b"), (second, "c"), (second, "d")] {
            try await inbox.accept(
                machine: machine, eventID: eventID, event: Data("\"addItem\"".utf8), acceptedAt: Self.origin)
        }
        try await inbox.commit([
            MachineCommit(
                machine: first, entries: [Self.entry(1, "a")],
                snapshot: .init(data: Data("v1".utf8), version: 1, takenAt: .epoch), timers: []),
            MachineCommit(machine: second, entries: [], snapshot: nil, timers: [], discarded: ["c"]),
        ])
        #expect(try await inbox.acceptedEvents(machine: first, limit: 10).map(\.eventID) == ["b"])
        #expect(try await inbox.acceptedEvents(machine: second, limit: 10).map(\.eventID) == ["d"])
        #expect(try await store.load(machine: second) == nil)
        // Not left for the workers of the tests sharing the database.
        try await inbox.discardAccepted(machine: first, eventID: "b")
        try await inbox.discardAccepted(machine: second, eventID: "d")
    }

    /// A commit without a snapshot, behind the stored version (a worker that kept a machine another one has
    /// advanced since), is a conflict naming both versions, and writes nothing.
    func aCommitWithoutSnapshotBehindTheStoredVersionIsAConflict() async throws {
        let inbox = try inbox
        let machine = Self.uniqueID("behind")
        try await inbox.commit([
            MachineCommit(
                machine: machine, entries: [Self.entry(1, "a")],
                snapshot: .init(data: Data("v1".utf8), version: 1, takenAt: .epoch), timers: [])
        ])
        try await inbox.commit([
            MachineCommit(machine: machine, entries: [Self.entry(2, "b")], snapshot: nil, timers: [])
        ])
        // Based on version 1, as the worker last saw it: the store holds version 2.
        await #expect(throws: MachineStoreError.conflict(machine: machine, expected: 1, found: 2)) {
            try await inbox.commit([
                MachineCommit(machine: machine, entries: [Self.entry(2, "x")], snapshot: nil, timers: [.epoch])
            ])
        }
        #expect(try await store.load(machine: machine)?.version == 2)
        #expect(try await store.journal(machine: machine).map(\.eventID) == ["a", "b"])
        #expect(try await store.earliestTimers(limit: 10).allSatisfy { $0.machine != machine })
    }

    /// A machine that keeps a snapshot every three events is stored with the snapshot of version 3 after
    /// five, and restored from it and entries 4 and 5 to the state its whole journal replays to.
    func aMachineIsRestoredFromItsLastSnapshotAndTheEntriesAfterIt() async throws {
        let id = Self.uniqueID("snapshots")
        let (clock, timeline) = Self.time()
        let order = try await Payment(
            id: id, chart: PaymentChart.make(), store: store, timeline: timeline, snapshotInterval: 3)
        for (index, event) in [PaymentChart.Event.pay, .pay, .place, .place].enumerated() {
            try await order.apply(event, id: "e\(index)")
            await clock.advance(by: .seconds(1))
        }
        // The fifth entry is the reminder, due 10 s after placing.
        await clock.advance(by: .seconds(20))
        #expect(try await order.fireDueTimers() == 1)
        let stored = try #require(try await store.load(machine: id))
        #expect(stored.version == 5)
        #expect(stored.replay?.snapshotVersion == 3)
        #expect(stored.replay?.entries.map(\.eventID) == ["e3", "timer:5"])
        let restored = try await payment(id, timeline)
        let journal = try await store.journal(machine: id)
        let replayed = try Payment.replay(journal, chart: PaymentChart.make(), machine: id)
        #expect(await restored.snapshot == replayed)
        #expect(await restored.snapshot == order.snapshot)
        #expect(await restored.timerDues == order.timerDues)
        #expect(await restored.configuration == [.placed])
    }

    /// A machine loaded while another connection commits its next events is seen as one commit left it: the
    /// entries after its snapshot run exactly up to its version, never past it (on PostgreSQL the load's second
    /// statement sees commits made after its first).
    func aMachineLoadedDuringCommitsIsNeverTorn() async throws {
        let inbox = try inbox
        let id = Self.uniqueID("torn")
        try await inbox.commit([
            MachineCommit(
                machine: id, entries: [Self.entry(1, "e1")],
                snapshot: .init(data: Data("v1".utf8), version: 1, takenAt: .epoch), timers: [])
        ])
        let writer = Task {
            for sequence in Int64(2)...300 {
                try await inbox.commit([
                    MachineCommit(
                        machine: id, entries: [Self.entry(sequence, "e\(sequence)")], snapshot: nil, timers: [])
                ])
            }
        }
        var loads = 0
        while loads < 2000 {
            let stored = try #require(try await store.load(machine: id))
            let sequences = stored.replay?.entries.map(\.sequence) ?? []
            let expected: [Int64] = stored.version > 1 ? Array(2...stored.version) : []
            #expect(sequences == expected)
            loads += 1
            if stored.version == 300 { break }
        }
        try await writer.value
    }

    /// Timers due by an instant are found by shard, earliest first; those of other shards are not.
    func dueTimersAreFoundByShard() async throws {
        let leases = try leases
        let (mine, other) = (Self.uniqueID("due"), Self.uniqueID("not-mine"))
        let (clock, timeline) = Self.time()
        for machine in [mine, other] { try await payment(machine, timeline).apply(.place, id: "place") }
        let shards = Self.shards(of: [mine]).filter { !Self.shards(of: [other]).contains($0) }
        try #require(!shards.isEmpty, "the two machines share a slot")
        await clock.advance(by: .seconds(11))
        let due = try await leases.dueTimers(
            shards: shards, shardCount: MachineShard.slotCount, dueBy: timeline.now, limit: 1000
        ).filter { [mine, other].contains($0.machine) }
        #expect(due == [PendingTimer(machine: mine, due: Self.origin.advanced(by: PaymentChart.reminder))])
        // With an event waiting, the machine's timers wait for it.
        try await inbox.accept(machine: mine, eventID: "pay", event: Self.json(.pay), acceptedAt: Self.origin)
        #expect(
            try await leases.dueTimers(
                shards: shards, shardCount: MachineShard.slotCount, dueBy: timeline.now, limit: 1000
            ).filter { [mine, other].contains($0.machine) } == [])
    }

    /// A worker whose batch leaves out an order's payment, accepted before the order's timers fell due,
    /// does not fire those timers ahead of it: the next pass applies the payment first. (One store file per
    /// test: the batch of one must hold the other order's event.)
    func aWorkerNeverFiresATimerAheadOfAnEventLeftOutOfItsBatch() async throws {
        let store = try #require(store as? any EventInbox & ShardLeases)
        let (clock, timeline) = Self.time()
        let (first, order) = (Self.uniqueID("first"), Self.uniqueID("paid"))
        try await payment(order, timeline).apply(.place, id: "place")
        try await store.accept(machine: first, eventID: "place", event: Self.json(.place), acceptedAt: timeline.now)
        try await store.accept(
            machine: order, eventID: "pay", event: Self.json(.pay), acceptedAt: Self.origin.advanced(by: .seconds(5)))
        await clock.advance(by: .seconds(60))
        let worker = DurableWorker(
            store: store, chart: PaymentChart.make(), owner: Self.uniqueID("worker"), shardCount: 4, lease: .seconds(2),
            timeline: timeline, batchSize: 1)
        #expect(try await worker.serveOnce().applied == 1)
        #expect(try await journalReplays(order) == ["place"])
        #expect(try await worker.serveOnce().applied == 1)
        #expect(try await journalReplays(order) == ["place", "pay"])
        try await store.releaseShards(owner: worker.owner)
    }
}
