import Foundation
import StatecraftPersistence
import Synchronization

/// A worker's store that passes every call to `base` and adds up the time a worker's pass spends in each of
/// its store operations: what `orders bench --phases` reports. One per worker, so that the time taken since
/// ``takePhases()`` is its last pass's.
final class PhaseTimedStore: EventInbox, ShardLeases, Sendable {
    /// The time one pass spent in each store operation, in nanoseconds.
    struct Phases: Sendable {
        /// Claiming (renewing) leases.
        var claim: Int64 = 0
        /// Reading the inbox (at the same time as the due timers).
        var inbox: Int64 = 0
        /// Reading the due timers (at the same time as the inbox).
        var timers: Int64 = 0
        /// Loading the machines not kept from earlier passes.
        var load: Int64 = 0
        /// The group commit (or the commits one by one after a conflict).
        var commit: Int64 = 0
    }

    /// The store every call goes to.
    let base: any EventInbox & ShardLeases
    /// The time taken so far.
    private let phases = Mutex(Phases())

    /// A store timing the calls to `base`.
    init(_ base: any EventInbox & ShardLeases) {
        self.base = base
    }

    /// The time taken since the previous call, which starts again from zero.
    func takePhases() -> Phases {
        phases.withLock { phases in
            defer { phases = Phases() }
            return phases
        }
    }

    /// Runs `operation`, adding its duration to the phase at `phase`.
    private func timed<Value>(
        _ phase: WritableKeyPath<Phases, Int64>, _ operation: () async throws(MachineStoreError) -> Value
    ) async throws(MachineStoreError) -> Value {
        let start = ContinuousClock.now
        defer {
            let elapsed = start.duration(to: .now)
            let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
            phases.withLock { $0[keyPath: phase] += nanoseconds }
        }
        return try await operation()
    }

    var acceptanceSignal: AcceptanceSignal? { base.acceptanceSignal }

    func claimShards(owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant)
        async throws(MachineStoreError) -> [Int]
    {
        try await timed(\.claim) { () async throws(MachineStoreError) in
            try await base.claimShards(owner: owner, shardCount: shardCount, limit: limit, until: until, now: now)
        }
    }
    func acceptedEvents(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [AcceptedEvent]
    {
        try await timed(\.inbox) { () async throws(MachineStoreError) in
            try await base.acceptedEvents(shards: shards, shardCount: shardCount, limit: limit)
        }
    }
    func dueTimers(shards: [Int], shardCount: Int, dueBy instant: DurableInstant, limit: Int)
        async throws(MachineStoreError) -> [PendingTimer]
    {
        try await timed(\.timers) { () async throws(MachineStoreError) in
            try await base.dueTimers(shards: shards, shardCount: shardCount, dueBy: instant, limit: limit)
        }
    }
    func load(machines: [String]) async throws(MachineStoreError) -> [String: StoredMachine] {
        try await timed(\.load) { () async throws(MachineStoreError) in try await base.load(machines: machines) }
    }
    func commit(_ commits: [MachineCommit]) async throws(MachineStoreError) {
        try await timed(\.commit) { () async throws(MachineStoreError) in try await base.commit(commits) }
    }

    // The rest, untimed.
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
}
