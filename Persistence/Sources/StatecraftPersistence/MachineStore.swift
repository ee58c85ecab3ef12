import Foundation

/// Where durable machines live: each machine's latest snapshot with a version number, the instants its
/// timers fall due, and an append-only journal of the events applied to it.
///
/// ``save(machine:snapshot:entry:timers:)`` is its one write (an ``EventInbox`` adds
/// ``EventInbox/commit(_:)``, many machines' entries in one transaction), and it is atomic: the new snapshot, its
/// timers (replacing the machine's earlier ones) and its journal entry are written together or not at all.
/// It uses optimistic concurrency: the entry's sequence must be the stored version plus one (1 for a new
/// machine), otherwise the write is stale and fails with
/// ``MachineStoreError/conflict(machine:expected:found:)``, losing nothing. An event identifier already in
/// the machine's journal fails with ``MachineStoreError/duplicateEvent(machine:eventID:)``, so that no event
/// is applied twice — even by two processes, even after a crash.
///
/// Stores: `SQLiteMachineStore` (StatecraftSQLite) for one process, `PostgresMachineStore`
/// (StatecraftPostgres) for many. Both index timers by due instant, for ``earliestTimers(limit:)``.
public protocol MachineStore: Sendable {
    /// The machine's snapshot, version and timers' due instants, or `nil` when the store has none.
    ///
    /// - Parameter machine: The machine's identifier.
    /// - Throws: ``MachineStoreError``.
    func load(machine: String) async throws(MachineStoreError) -> StoredMachine?

    /// Many machines' snapshots, versions and timers, each as ``load(machine:)`` gives it: what a worker
    /// reads for a batch's machines.
    ///
    /// - Parameter machines: The machines' identifiers.
    /// - Returns: The machines the store holds, by identifier; one it has none of is absent.
    /// - Throws: ``MachineStoreError``.
    /// - Complexity: The stores read them in one transaction of a few statements; the default reads them one
    ///   by one with ``load(machine:)``.
    func load(machines: [String]) async throws(MachineStoreError) -> [String: StoredMachine]

    /// Stores `snapshot` as version `entry.sequence` of the machine with `timers` as its timers (its earlier
    /// timers are deleted) and appends `entry` to its journal, atomically.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - snapshot: The snapshot after the event.
    ///   - entry: The event; its sequence is the new version.
    ///   - timers: When each of the snapshot's delayed events falls due, in the snapshot's order.
    /// - Throws: ``MachineStoreError/conflict(machine:expected:found:)`` when the stored version is not
    ///   `entry.sequence - 1`; ``MachineStoreError/duplicateEvent(machine:eventID:)`` when the event is
    ///   already journaled; ``MachineStoreError/database(_:)``. Nothing is written when it throws.
    func save(machine: String, snapshot: Data, entry: JournalEntry, timers: [DurableInstant])
        async throws(MachineStoreError)

    /// The timers of every machine that fall due first, earliest first (ties by machine, then in the
    /// machine's order).
    ///
    /// - Parameter limit: The most to return.
    /// - Throws: ``MachineStoreError``.
    /// - Complexity: An index scan of `limit` rows.
    func earliestTimers(limit: Int) async throws(MachineStoreError) -> [PendingTimer]

    /// The machine's journal, oldest first.
    ///
    /// - Parameter machine: The machine's identifier.
    /// - Throws: ``MachineStoreError``.
    func journal(machine: String) async throws(MachineStoreError) -> [JournalEntry]

    /// Whether the event is in the machine's journal.
    ///
    /// - Parameters:
    ///   - eventID: The event's identifier.
    ///   - machine: The machine's identifier.
    /// - Throws: ``MachineStoreError``.
    func contains(eventID: String, machine: String) async throws(MachineStoreError) -> Bool

    /// The identifiers of every stored machine, sorted.
    ///
    /// - Throws: ``MachineStoreError``.
    func machines() async throws(MachineStoreError) -> [String]

    /// The number of journal entries of every machine together.
    ///
    /// - Throws: ``MachineStoreError``.
    func journalCount() async throws(MachineStoreError) -> Int

    /// Closes the store's connections; it cannot be used afterwards. Call it before the store is released.
    ///
    /// - Throws: ``MachineStoreError/database(_:)``.
    func close() async throws(MachineStoreError)
}

extension MachineStore {
    /// Loads the machines one by one with ``load(machine:)``: the default for a store that does not read
    /// them in one batch (a wrapper around another store).
    ///
    /// - Parameter machines: The machines' identifiers.
    /// - Returns: The machines the store holds, by identifier.
    /// - Throws: ``MachineStoreError``.
    /// - Complexity: One load per machine.
    public func load(machines: [String]) async throws(MachineStoreError) -> [String: StoredMachine] {
        var stored: [String: StoredMachine] = [:]
        for machine in machines { stored[machine] = try await load(machine: machine) }
        return stored
    }

    /// Stores `snapshot` — a snapshot without delayed events — as version `entry.sequence` of the machine
    /// and appends `entry` to its journal, atomically: ``save(machine:snapshot:entry:timers:)`` with no timers.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - snapshot: The snapshot after the event.
    ///   - entry: The event; its sequence is the new version.
    /// - Throws: As ``save(machine:snapshot:entry:timers:)``.
    public func save(machine: String, snapshot: Data, entry: JournalEntry) async throws(MachineStoreError) {
        try await save(machine: machine, snapshot: snapshot, entry: entry, timers: [])
    }
}
