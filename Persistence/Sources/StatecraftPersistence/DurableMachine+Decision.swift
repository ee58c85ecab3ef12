import Foundation
import Statecraft

extension DurableMachine {
    /// What a machine is asked to do, in order: deciding on a list of them is ``decide(_:from:version:now:chart:machine:)``.
    enum Input: Sendable {
        /// An event handed to ``DurableMachine/apply(_:id:)`` now: the timers due by now fire first.
        case event(Event, id: String)
        /// An event taken from the inbox: the timers due by its acceptance fire first; one already
        /// journaled is discarded.
        case accepted(AcceptedEvent)
        /// Every timer due by now.
        case dueTimers
        /// The completion event of a durable effect's run, whose effect belongs to `state`: the timers due by
        /// now fire first; it is journaled under the run's key, unless those timers left `state` (the effect
        /// is cancelled then, and its completion dropped).
        case completion(Event, run: DurableEffectRun, state: StateID)
    }

    /// The steps decided for a list of inputs: the journal entries they write, the state after each entry,
    /// and what became of each input. Writing it is ``commit(snapshotInterval:)``'s part; deciding is pure.
    struct Decision: Sendable {
        /// The machine's identifier.
        var machine: String
        /// The stored version the steps follow.
        var baseVersion: Int64
        /// The state at ``baseVersion``.
        var start: TimedState
        /// The journal entries, from sequence `baseVersion + 1` on.
        var entries: [JournalEntry] = []
        /// The state after each entry.
        var states: [TimedState] = []
        /// Each event input's outcome, in input order (``DurableOutcome/alreadyApplied`` for discarded ones).
        var outcomes: [DurableOutcome] = []
        /// Accepted events found already journaled: removed from the inbox, not applied.
        var discarded: [String] = []
        /// The number of timers fired.
        var fired = 0
        /// Keys of the durable effects whose completions are journaled: the store checks each is pending.
        var completedEffects: [String] = []
        /// Keys of durable effects whose completions were dropped: their state was left before them.
        var droppedCompletions: [String] = []

        /// The state after the last entry.
        var state: TimedState { states.last ?? start }
        /// The version after the last entry.
        var version: Int64 { baseVersion + Int64(entries.count) }
        /// The number of events applied (journaled), fired timers not counted.
        var applied: Int { entries.count - fired }
    }

    /// Decides the steps `inputs` lead to from `state` at version `version`: the one place the rules live.
    ///
    /// - Before an event handed in now, every timer due by `now` fires, at `now`; before an accepted event,
    ///   every timer due by its acceptance (or by `now`, if earlier) fires, at that instant — so an event
    ///   accepted before a timer's due time is applied before that timer.
    /// - Timers fire earliest first, each journaled as `timer:<sequence>`.
    /// - A machine never stored (version 0) has no timers until its first event, applied at `now`.
    ///
    /// - Parameters:
    ///   - inputs: What to do, in order.
    ///   - state: The state at `version`.
    ///   - version: The stored version.
    ///   - now: The current instant: events are applied at it.
    ///   - chart: The chart.
    ///   - machine: The machine's identifier, for entries and error messages.
    /// - Returns: The decision; nothing is written.
    /// - Throws: ``DurableMachineError/coding(machine:_:)`` for an event that does not code;
    ///   ``DurableMachineError/snapshot(machine:_:)``.
    /// - Complexity: One macrostep per entry.
    static func decide(
        _ inputs: [Input], from state: TimedState, version: Int64, now: DurableInstant, chart: Chart, machine: String
    ) throws(DurableMachineError) -> Decision {
        var decision = Decision(machine: machine, baseVersion: version, start: state)
        for input in inputs {
            switch input {
            case .event(let event, let eventID):
                try fire(dueBy: now, at: now, into: &decision, chart: chart)
                let json = try SnapshotCoding.encode(event, machine: machine)
                try append(event, json: json, id: eventID, at: now, into: &decision, chart: chart)
            case .accepted(let accepted):
                guard !accepted.isJournaled else {
                    decision.discarded.append(accepted.eventID)
                    decision.outcomes.append(.alreadyApplied)
                    continue
                }
                let event = try SnapshotCoding.decode(Event.self, from: accepted.event, machine: machine)
                // Timers due by the acceptance fire at that instant, as they would have then: at a later one,
                // a timer overdue by then would fall due again at it, after the event.
                let acceptance = min(accepted.acceptedAt, now)
                try fire(dueBy: acceptance, at: acceptance, into: &decision, chart: chart)
                try append(event, json: accepted.event, id: accepted.eventID, at: now, into: &decision, chart: chart)
            case .dueTimers:
                try fire(dueBy: now, at: now, into: &decision, chart: chart)
            case .completion(let event, let run, let state):
                try fire(dueBy: now, at: now, into: &decision, chart: chart)
                let stayed = ([decision.start] + decision.states).allSatisfy {
                    $0.snapshot.configuration.contains(state)
                }
                guard stayed else {
                    decision.droppedCompletions.append(run.key)
                    continue
                }
                let json = try SnapshotCoding.encode(event, machine: machine)
                try append(event, json: json, id: run.key, at: now, into: &decision, chart: chart)
                decision.completedEffects.append(run.key)
            }
        }
        return decision
    }

    /// Fires every timer due at or before `cutoff`, earliest first, each at `instant`.
    private static func fire(
        dueBy cutoff: DurableInstant, at instant: DurableInstant, into decision: inout Decision, chart: Chart
    ) throws(DurableMachineError) {
        // A machine never stored has no timers yet: they start with its first event.
        while decision.version > 0, let due = decision.state.nextDue, due <= cutoff {
            guard let timer = decision.state.snapshot.delayedEvents.first else {
                preconditionFailure("Internal inconsistency: a due instant without a delayed event")
            }
            let sequence = decision.version + 1
            let step = try step(
                timer.event, firesTimer: true, from: decision.state, at: instant, chart: chart,
                machine: decision.machine)
            decision.entries.append(
                JournalEntry(
                    sequence: sequence, eventID: "timer:\(sequence)",
                    event: try SnapshotCoding.encode(timer.event, machine: decision.machine), appliedAt: instant,
                    firesTimer: true))
            decision.states.append(step.state)
            decision.fired += 1
        }
    }

    /// Applies one event at `now` and journals it.
    private static func append(
        _ event: Event, json: Data, id eventID: String, at now: DurableInstant, into decision: inout Decision,
        chart: Chart
    ) throws(DurableMachineError) {
        let before = decision.state
        // A machine never stored starts its timers with its first event (as a replay of its journal does).
        let from = decision.version == 0 ? TimedState(snapshot: before.snapshot, dues: [], now: now) : before
        let step = try step(event, firesTimer: false, from: from, at: now, chart: chart, machine: decision.machine)
        decision.entries.append(
            JournalEntry(sequence: decision.version + 1, eventID: eventID, event: json, appliedAt: now))
        decision.states.append(step.state)
        decision.outcomes.append(step.transitioned ? .transitioned : .ignored)
    }
}

extension DurableMachine.Decision {
    /// What the decision writes to an ``EventInbox`` store: its entries, the timers of its last state, a
    /// snapshot when one is due — the state at the last entry whose sequence is a multiple of
    /// `snapshotInterval`, or the start state for a machine never stored — and the durable effects its steps
    /// start, cancel and complete.
    ///
    /// - Parameters:
    ///   - snapshotInterval: Store a snapshot every this many versions; 1 stores every one.
    ///   - effects: The machine's durable effects.
    /// - Returns: The commit.
    /// - Throws: ``DurableMachineError/coding(machine:_:)`` when the snapshot does not encode.
    func commit(snapshotInterval: Int, effects: [DurableEffect<StateID, Event>]) throws(DurableMachineError)
        -> MachineCommit
    {
        var snapshot: MachineCommit.StoredSnapshot?
        let interval = Int64(max(snapshotInterval, 1))
        if let index = entries.lastIndex(where: { $0.sequence % interval == 0 }) {
            snapshot = MachineCommit.StoredSnapshot(
                data: try SnapshotCoding.encode(states[index].snapshot, machine: machine),
                version: entries[index].sequence, takenAt: entries[index].appliedAt)
        } else if baseVersion == 0, let first = entries.first {
            snapshot = MachineCommit.StoredSnapshot(
                data: try SnapshotCoding.encode(start.snapshot, machine: machine), version: 0,
                takenAt: first.appliedAt)
        }
        let changes = effectChanges(effects)
        return MachineCommit(
            machine: machine, entries: entries, snapshot: snapshot, timers: state.dues, discarded: discarded,
            startedEffects: changes.started, cancelledEffects: changes.cancelled, completedEffects: completedEffects)
    }
}
