import Foundation
import Statecraft

extension DurableMachine {
    /// The snapshot a fresh machine reaches by applying a journal's entries in order, each at the instant it
    /// was journaled — its events, and the timers it fired: what the stored snapshot must equal, if every
    /// journaled event was applied exactly once.
    ///
    /// - Parameters:
    ///   - journal: A machine's journal, oldest first.
    ///   - chart: The machine's chart.
    ///   - machine: The machine's identifier, for error messages.
    /// - Returns: The snapshot after the last entry.
    /// - Throws: ``DurableMachineError/coding(machine:_:)`` when an event does not decode, or an entry fires
    ///   a timer the machine did not have waiting (or another event than the one waiting first).
    /// - Complexity: O(*n*) macrosteps in the length of the journal.
    public static func replay(_ journal: [JournalEntry], chart: Chart, machine: String) throws(DurableMachineError)
        -> Snapshot
    {
        let initial: Snapshot
        do {
            initial = try StateMachine(chart: chart).snapshot()
        } catch {
            throw .snapshot(machine: machine, error)
        }
        return try restore(
            initial, takenAt: journal.first?.appliedAt ?? .epoch, entries: journal, chart: chart,
            machine: machine
        ).snapshot
    }

    /// The state a snapshot reaches by applying journal entries in order, each at the instant it was
    /// journaled: how a machine is restored from its last stored snapshot and the entries after it, and
    /// how ``replay(_:chart:machine:)`` replays a whole journal from the initial state.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot.
    ///   - takenAt: The instant its delayed events' remaining times count from.
    ///   - entries: The entries after it, oldest first.
    ///   - chart: The machine's chart.
    ///   - machine: The machine's identifier, for error messages.
    /// - Returns: The state after the last entry.
    /// - Throws: As ``replay(_:chart:machine:)``.
    /// - Complexity: O(*n*) macrosteps in the number of entries.
    static func restore(
        _ snapshot: Snapshot, takenAt: DurableInstant, entries: [JournalEntry], chart: Chart, machine: String
    ) throws(DurableMachineError) -> TimedState {
        var state = TimedState(snapshot: snapshot, dues: [], now: takenAt)
        for entry in entries {
            let event = try SnapshotCoding.decode(Event.self, from: entry.event, machine: machine)
            if entry.firesTimer {
                guard let waiting = state.snapshot.delayedEvents.first,
                    try SnapshotCoding.encode(waiting.event, machine: machine)
                        == SnapshotCoding.encode(event, machine: machine)
                else {
                    throw .coding(
                        machine: machine,
                        "journal entry \(entry.sequence) (\(entry.eventID)) fires a timer that was not the first "
                            + "waiting")
                }
            }
            state = try step(
                event, firesTimer: entry.firesTimer, from: state, at: entry.appliedAt, chart: chart, machine: machine
            ).state
        }
        return state
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
