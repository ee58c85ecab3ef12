import Foundation
import StatecraftPersistence

/// A worker's store that holds the first pass at `acceptedEvents(shards:shardCount:limit:)` — after the leases are
/// claimed, before any event is applied — until the test opens ``gate``, and logs each pass: a test waits on
/// the log, not by polling the store (which would keep the worker's own calls waiting).
final class GatedWorkerStore: EventInbox, ShardLeases {
    /// The store every call goes to.
    let base: any EventInbox & ShardLeases
    /// What the first pass waits at.
    let gate = Hold()
    /// What happened: `pass` and `claimed` around each claim, `held` when the first pass reaches the gate.
    let log = EventLog()

    /// A gated view of `base`.
    init(_ base: any EventInbox & ShardLeases) {
        self.base = base
    }

    func claimShards(owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant)
        async throws(MachineStoreError) -> [Int]
    {
        await log.append("pass")
        let shards = try await base.claimShards(
            owner: owner, shardCount: shardCount, limit: limit, until: until, now: now)
        await log.append("claimed")
        return shards
    }

    func acceptedEvents(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [AcceptedEvent]
    {
        if await log.entries.contains("held") == false {
            await log.append("held")
            await gate.wait()
        }
        return try await base.acceptedEvents(shards: shards, shardCount: shardCount, limit: limit)
    }

    func machinesWithAcceptedEvents(limit: Int) async throws(MachineStoreError) -> [String] {
        try await base.machinesWithAcceptedEvents(limit: limit)
    }
    func dueTimers(shards: [Int], shardCount: Int, dueBy instant: DurableInstant, limit: Int)
        async throws(MachineStoreError) -> [PendingTimer]
    {
        try await base.dueTimers(shards: shards, shardCount: shardCount, dueBy: instant, limit: limit)
    }
    func commit(_ commits: [MachineCommit]) async throws(MachineStoreError) { try await base.commit(commits) }

    func releaseShards(owner: String) async throws(MachineStoreError) { try await base.releaseShards(owner: owner) }
    func shardLeases() async throws(MachineStoreError) -> [ShardLease] { try await base.shardLeases() }
    func load(machine: String) async throws(MachineStoreError) -> StoredMachine? {
        try await base.load(machine: machine)
    }
    func save(machine: String, snapshot: Data, entry: JournalEntry, timers: [DurableInstant])
        async throws(MachineStoreError)
    {
        try await base.save(machine: machine, snapshot: snapshot, entry: entry, timers: timers)
    }
    func earliestTimers(limit: Int) async throws(MachineStoreError) -> [PendingTimer] {
        try await base.earliestTimers(limit: limit)
    }
    func journal(machine: String) async throws(MachineStoreError) -> [JournalEntry] {
        try await base.journal(machine: machine)
    }
    func contains(eventID: String, machine: String) async throws(MachineStoreError) -> Bool {
        try await base.contains(eventID: eventID, machine: machine)
    }
    func machines() async throws(MachineStoreError) -> [String] { try await base.machines() }
    func journalCount() async throws(MachineStoreError) -> Int { try await base.journalCount() }
    func close() async throws(MachineStoreError) { try await base.close() }
    @discardableResult
    func accept(machine: String, eventID: String, event: Data, acceptedAt: DurableInstant)
        async throws(MachineStoreError) -> Bool
    {
        try await base.accept(machine: machine, eventID: eventID, event: event, acceptedAt: acceptedAt)
    }
    func acceptedEvents(machine: String, limit: Int) async throws(MachineStoreError) -> [AcceptedEvent] {
        try await base.acceptedEvents(machine: machine, limit: limit)
    }
    func discardAccepted(machine: String, eventID: String) async throws(MachineStoreError) {
        try await base.discardAccepted(machine: machine, eventID: eventID)
    }
    func acceptedCount() async throws(MachineStoreError) -> Int { try await base.acceptedCount() }
}
