import Foundation
import Statecraft

extension DurableMachine {
    /// The snapshot a fresh machine reaches by applying a journal's events in order: what the stored
    /// snapshot must equal, if every journaled event was applied exactly once.
    ///
    /// - Parameters:
    ///   - journal: A machine's journal, oldest first.
    ///   - chart: The machine's chart.
    ///   - machine: The machine's identifier, for error messages.
    /// - Returns: The snapshot after the last event.
    /// - Throws: ``DurableMachineError/coding(machine:_:)`` when an event does not decode.
    /// - Complexity: O(*n*) macrosteps in the length of the journal.
    public static func replay(_ journal: [JournalEntry], chart: Chart, machine: String) throws(DurableMachineError)
        -> Snapshot
    {
        let replayed = StateMachine(chart: chart)
        for entry in journal {
            replayed.send(try SnapshotCoding.decode(Event.self, from: entry.event, machine: machine))
        }
        do {
            return try replayed.snapshot()
        } catch {
            throw .snapshot(machine: machine, error)
        }
    }

    /// The JSON a snapshot is stored as (sorted keys): equal snapshots are equal bytes.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot.
    ///   - machine: The machine's identifier, for error messages.
    /// - Returns: The JSON.
    /// - Throws: ``DurableMachineError/coding(machine:_:)``.
    public static func storedForm(of snapshot: Snapshot, machine: String) throws(DurableMachineError) -> Data {
        try SnapshotCoding.encode(snapshot, machine: machine)
    }
}
