import Foundation
import StatecraftPersistence

/// A ``MachineStore`` in memory, with the contract's optimistic concurrency: a write whose sequence is not the
/// stored version plus one is a conflict, an event identifier journaled before a duplicate.
public actor MemoryMachineStore: MachineStore {
    private var stored: [String: StoredMachine] = [:]
    private var journals: [String: [JournalEntry]] = [:]
    /// The error the next ``save(machine:snapshot:entry:timers:)`` throws instead of writing, once.
    private var nextSaveError: MachineStoreError?

    /// An empty store.
    public init() {}

    /// Makes the next write fail with `error`, writing nothing.
    public func failNextSave(with error: MachineStoreError) { nextSaveError = error }

    public func load(machine: String) -> StoredMachine? { stored[machine] }

    public func save(
        machine: String, snapshot: Data, entry: JournalEntry, timers: [DurableInstant]
    ) throws(MachineStoreError) {
        if let error = nextSaveError {
            nextSaveError = nil
            throw error
        }
        let found = stored[machine]?.version ?? 0
        guard entry.sequence == found + 1 else {
            throw .conflict(machine: machine, expected: entry.sequence - 1, found: found)
        }
        if journals[machine, default: []].contains(where: { $0.eventID == entry.eventID }) {
            throw .duplicateEvent(machine: machine, eventID: entry.eventID)
        }
        stored[machine] = StoredMachine(snapshot: snapshot, version: entry.sequence, timers: timers)
        journals[machine, default: []].append(entry)
    }

    public func earliestTimers(limit: Int) -> [PendingTimer] {
        let all = stored.flatMap { machine, stored in stored.timers.map { PendingTimer(machine: machine, due: $0) } }
        return Array(all.sorted { ($0.due, $0.machine) < ($1.due, $1.machine) }.prefix(max(limit, 0)))
    }

    public func journal(machine: String) -> [JournalEntry] { journals[machine] ?? [] }

    public func contains(eventID: String, machine: String) -> Bool {
        journals[machine]?.contains { $0.eventID == eventID } ?? false
    }

    public func machines() -> [String] { stored.keys.sorted() }

    public func journalCount() -> Int { journals.values.reduce(0) { $0 + $1.count } }

    public func close() {}
}
