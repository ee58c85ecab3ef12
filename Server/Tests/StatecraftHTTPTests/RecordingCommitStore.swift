import Foundation
import StatecraftPersistence

/// An ``EventInbox`` over another that records each group commit (`commit(_:)`: one transaction, one `fsync` on
/// SQLite) with the machines it wrote, and, on the test's demand, holds the next commit until released or
/// fails the commits that include a machine.
final class RecordingCommitStore: EventInbox {
    /// The store every call goes to.
    let base: any EventInbox
    /// The commits, the held one and the failures to inject.
    let recorder = CommitRecorder()

    /// A recording view of `base`.
    init(_ base: any EventInbox) {
        self.base = base
    }

    func commit(_ commits: [MachineCommit]) async throws(MachineStoreError) {
        try await recorder.enter(commits.map(\.machine))
        try await base.commit(commits)
    }

    func load(machine: String) async throws(MachineStoreError) -> StoredMachine? {
        try await base.load(machine: machine)
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
    func machinesWithAcceptedEvents(limit: Int) async throws(MachineStoreError) -> [String] {
        try await base.machinesWithAcceptedEvents(limit: limit)
    }
    func acceptedCount() async throws(MachineStoreError) -> Int { try await base.acceptedCount() }
    func acceptedEvents(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [AcceptedEvent]
    {
        try await base.acceptedEvents(shards: shards, shardCount: shardCount, limit: limit)
    }
}

/// What ``RecordingCommitStore`` saw and what it is told to do.
actor CommitRecorder {
    /// The machines of each commit that reached the store, in order, failed ones included.
    private(set) var transactions: [[String]] = []
    /// Whether the next commit waits for ``release()``.
    private var holdsNext = false
    /// The held commit's continuation.
    private var held: CheckedContinuation<Void, Never>?
    /// The error a commit including the machine throws, every time.
    private var failures: [String: MachineStoreError] = [:]
    /// The error every commit throws, when set.
    private var outage: MachineStoreError?

    /// Makes the next commit wait, before it reaches the store, until ``release()``.
    func holdNextCommit() { holdsNext = true }

    /// Whether a commit is waiting for ``release()``.
    var isHolding: Bool { held != nil }

    /// Lets the held commit go on.
    func release() {
        held?.resume()
        held = nil
    }

    /// Makes every commit that includes `machine` fail with `error`, writing nothing.
    func fail(machine: String, with error: MachineStoreError) { failures[machine] = error }

    /// Makes every commit fail with `error`, writing nothing: the store went away.
    func failEverything(with error: MachineStoreError) { outage = error }

    /// Records a commit of `machines`, waits when told to, and throws the failure injected for it.
    func enter(_ machines: [String]) async throws(MachineStoreError) {
        transactions.append(machines)
        if holdsNext {
            holdsNext = false
            await withCheckedContinuation { held = $0 }
        }
        if let outage { throw outage }
        if let failure = machines.lazy.compactMap({ self.failures[$0] }).first { throw failure }
    }
}
