import Foundation
import StatecraftPersistence

/// A store that passes every call to `base`: what the test stores that change a few calls of a worker's
/// store (an outage, a slow host, a view of some machines) override.
class ForwardingWorkerStore: EffectOutbox, ShardLeases, @unchecked Sendable {
    // `@unchecked`: subclasses keep their own state under a lock, or none.
    /// The store every call goes to.
    let base: any EffectOutbox & ShardLeases

    /// A store passing every call to `base`.
    init(_ base: any EffectOutbox & ShardLeases) {
        self.base = base
    }

    func acceptedEvents(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [AcceptedEvent]
    {
        try await base.acceptedEvents(shards: shards, shardCount: shardCount, limit: limit)
    }
    func dueTimers(shards: [Int], shardCount: Int, dueBy instant: DurableInstant, limit: Int)
        async throws(MachineStoreError) -> [PendingTimer]
    {
        try await base.dueTimers(shards: shards, shardCount: shardCount, dueBy: instant, limit: limit)
    }
    func pendingEffects(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [PendingEffect]
    {
        try await base.pendingEffects(shards: shards, shardCount: shardCount, limit: limit)
    }
    func discardEffect(machine: String, key: String) async throws(MachineStoreError) {
        try await base.discardEffect(machine: machine, key: key)
    }
    func pendingEffects(machine: String) async throws(MachineStoreError) -> [PendingEffect] {
        try await base.pendingEffects(machine: machine)
    }
    func claimShards(owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant)
        async throws(MachineStoreError) -> [Int]
    {
        try await base.claimShards(owner: owner, shardCount: shardCount, limit: limit, until: until, now: now)
    }
    func releaseShards(owner: String) async throws(MachineStoreError) { try await base.releaseShards(owner: owner) }
    func shardLeases() async throws(MachineStoreError) -> [ShardLease] { try await base.shardLeases() }
    func load(machine: String) async throws(MachineStoreError) -> StoredMachine? {
        try await base.load(machine: machine)
    }
    func load(machines: [String]) async throws(MachineStoreError) -> [String: StoredMachine] {
        try await base.load(machines: machines)
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
    func accept(_ events: [AcceptedEvent]) async throws(MachineStoreError) -> Int { try await base.accept(events) }
    func acceptedEvents(machine: String, limit: Int) async throws(MachineStoreError) -> [AcceptedEvent] {
        try await base.acceptedEvents(machine: machine, limit: limit)
    }
    func discardAccepted(machine: String, eventID: String) async throws(MachineStoreError) {
        try await base.discardAccepted(machine: machine, eventID: eventID)
    }
    func machinesWithAcceptedEvents(limit: Int) async throws(MachineStoreError) -> [String] {
        try await base.machinesWithAcceptedEvents(limit: limit)
    }
    func acceptedCount() async throws(MachineStoreError) -> Int { try await base.acceptedCount() }
    func commit(_ commits: [MachineCommit]) async throws(MachineStoreError) { try await base.commit(commits) }
}
