import Foundation
import StatecraftPersistence

/// A worker's store that is unavailable for its first `failures` lease claims — as a PostgreSQL store is
/// once its own retries give up on a dropped connection or a restarting server — and then passes every call
/// to `base`; `beforeBatch` runs before each batch of accepted events is taken (a slow host, another worker).
final class FlakyWorkerStore: EventInbox, ShardLeases, @unchecked Sendable {
    // `@unchecked`: `remainingFailures` is only touched under `lock`.
    /// The store every call goes to once the outage is over.
    let base: any EventInbox & ShardLeases
    private let lock = NSLock()
    private var remainingFailures: Int
    /// What happens before each batch of accepted events is taken.
    private let beforeBatch: @Sendable () async throws(MachineStoreError) -> Void

    /// A view of `base` that fails its first `failures` claims and runs `beforeBatch` before each batch.
    init(
        _ base: any EventInbox & ShardLeases, failures: Int,
        beforeBatch: @escaping @Sendable () async throws(MachineStoreError) -> Void = {}
    ) {
        self.base = base
        self.remainingFailures = failures
        self.beforeBatch = beforeBatch
    }

    /// The claims still to fail.
    var failuresLeft: Int { lock.withLock { remainingFailures } }

    func claimShards(owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant)
        async throws(MachineStoreError) -> [Int]
    {
        let fails = lock.withLock {
            defer { remainingFailures = max(remainingFailures - 1, 0) }
            return remainingFailures > 0
        }
        if fails {
            throw .unavailable(store: "127.0.0.1:1", reason: "terminating connection due to administrator command")
        }
        return try await base.claimShards(owner: owner, shardCount: shardCount, limit: limit, until: until, now: now)
    }

    func releaseShards(owner: String) async throws(MachineStoreError) { try await base.releaseShards(owner: owner) }
    func shardLeases() async throws(MachineStoreError) -> [ShardLease] { try await base.shardLeases() }
    func dueTimers(shards: [Int], shardCount: Int, dueBy instant: DurableInstant, limit: Int)
        async throws(MachineStoreError) -> [PendingTimer]
    {
        try await base.dueTimers(shards: shards, shardCount: shardCount, dueBy: instant, limit: limit)
    }
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
    func acceptedEvents(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [AcceptedEvent]
    {
        try await beforeBatch()
        return try await base.acceptedEvents(shards: shards, shardCount: shardCount, limit: limit)
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
