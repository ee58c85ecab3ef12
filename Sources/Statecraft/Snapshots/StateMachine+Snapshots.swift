extension StateMachine where State: Codable & Sendable {
    /// Saves the machine's state.
    ///
    /// Effects are not saved: a restored machine starts the effects its state declares (see
    /// ``ResumableDefinition``). Events queued while the machine is busy are not saved either; take
    /// snapshots between events.
    ///
    /// - Returns: A `Codable` value holding the current state.
    public func snapshot() -> MachineSnapshot<State> {
        MachineSnapshot(state: _state)
    }

    /// Creates a machine in the state a snapshot saved, bound to `subject`.
    ///
    /// Nothing runs: no hook, no transition, no observer. A definition that adopts
    /// ``ResumableDefinition`` (``StateMachineSchema`` does) then restarts the restored state's effects.
    ///
    /// - Parameters:
    ///   - definition: The definition to run.
    ///   - subject: The machine's subject.
    ///   - snapshot: What ``snapshot()->MachineSnapshot<StateMachine<Definition>.State>`` returned,
    ///     perhaps in another process.
    /// - Throws: ``SnapshotError/newerFormat(found:supported:)`` for a snapshot written in a newer format.
    public convenience init(definition: Definition, subject: Subject, restoring snapshot: MachineSnapshot<State>)
        throws(SnapshotError)
    {
        guard snapshot.formatVersion <= MachineSnapshot<State>.currentFormatVersion else {
            throw .newerFormat(found: snapshot.formatVersion, supported: MachineSnapshot<State>.currentFormatVersion)
        }
        self.init(definition: definition, subject: subject, restoredState: snapshot.state)
        if let resumable = definition as? any ResumableDefinition { resume(resumable) }
    }

    /// Calls the definition's ``ResumableDefinition/didRestore(in:)`` with this machine.
    private func resume<Resumable: ResumableDefinition>(_ definition: Resumable) {
        guard let machine = self as? StateMachine<Resumable> else {
            preconditionFailure("Internal inconsistency: a machine's definition is not of its definition type")
        }
        definition.didRestore(in: machine)
        // Events are queued only while the machine handles one, which drains them itself; drained here as
        // any handling drains, busy, should one remain.
        if machine.hasDeferredWork {
            machine.isHandling = true
            machine.drainQueue()
            machine.isHandling = false
        }
    }

    /// Creates a machine of `schema` in the state a snapshot saved, and starts that state's effects.
    ///
    /// - Parameters:
    ///   - schema: The schema to run.
    ///   - subject: The machine's subject.
    ///   - snapshot: What ``snapshot()->MachineSnapshot<StateMachine<Definition>.State>`` returned.
    /// - Throws: ``SnapshotError/newerFormat(found:supported:)`` for a snapshot written in a newer format.
    public convenience init<S, E, Subj>(
        schema: StateMachineSchema<S, E, Subj>, subject: Subj, restoring snapshot: MachineSnapshot<S>
    ) throws(SnapshotError) where Definition == StateMachineSchema<S, E, Subj> {
        try self.init(definition: schema, subject: subject, restoring: snapshot)
    }
}

extension StateMachine {
    /// Saves the running chart: its configuration, history values, context and waiting delayed events.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(try machine.snapshot())
    /// ```
    ///
    /// Take snapshots between events (not from an action or an observer): events queued while the machine
    /// is busy are not saved.
    ///
    /// - Returns: A `Codable` value; see ``StatechartSnapshot``. Each waiting delayed event is saved with
    ///   the time it has left on the machine's delayed-event queue (time stands still while no run loop runs).
    /// - Throws: ``SnapshotError/invocationsRunning(_:)`` while the chart runs invocations (``Invoke``):
    ///   a child machine or an async operation cannot be saved; ``SnapshotError/timeOutOfRange(_:)`` when a
    ///   delayed event waits longer than a snapshot's nanoseconds hold (about 292 years).
    /// - Complexity: O(*n* · *d*) in the size of the chart (its fingerprint), plus O(*k*) in the number of
    ///   waiting delayed events.
    public func snapshot<StateID, E, Context>() throws(SnapshotError) -> StatechartSnapshot<StateID, E, Context>
    where Definition == Statechart<StateID, E, Context> {
        let invocations = subject.runningInvocations
        guard invocations.isEmpty else { throw .invocationsRunning(invocations) }
        let waiting = _waitingDelayedEvents
        if let position = waiting.firstIndex(where: { $0.remaining.snapshotNanoseconds == nil }) {
            throw .timeOutOfRange(
                "the remaining time of delayed event \(position + 1) (\(waiting[position].remaining))")
        }
        let delayed = waiting.map {
            StatechartSnapshot<StateID, E, Context>.DelayedEvent(event: $0.event, id: $0.id, remaining: $0.remaining)
        }
        return definition.saved(_state, delayedEvents: delayed)
    }

    /// Creates a machine running `chart` from a snapshot: the saved configuration, history values and
    /// context, and the saved delayed events waiting again for the time they had left.
    ///
    /// Restoring runs no entry action and no transition, and prints no macrostep: the machine carries on
    /// where the saved one stopped. The delayed events wait again in the machine's delayed-event queue, in
    /// their saved order, on the clock of ``StateMachine/run(clock:isolation:)``: their remaining time
    /// counts from the start of the run loop (for an SCXML session, from its virtual time).
    ///
    /// ```swift
    /// let machine = try StateMachine(chart: chart, restoring: saved)
    /// Task { await machine.run(clock: ContinuousClock()) }   // the saved timers resume
    /// ```
    ///
    /// - Parameters:
    ///   - chart: The chart to run; it must be the chart the snapshot was taken from (same
    ///     ``ChartFingerprint``).
    ///   - snapshot: What ``snapshot()->StatechartSnapshot<StateID,E,Context>`` returned, perhaps in
    ///     another process.
    /// - Throws: ``SnapshotError`` naming what differs: a newer format, another chart (by state), a
    ///   state the chart does not have, a configuration the chart cannot be in
    ///   (``SnapshotError/illegalConfiguration(_:)``), a delayed event with a negative remaining time.
    /// - Complexity: O(*n* · *d*) in the size of the chart, plus the scheduling of the delayed events.
    public convenience init<StateID, E, Context>(
        chart: Statechart<StateID, E, Context>, restoring snapshot: StatechartSnapshot<StateID, E, Context>
    ) throws(SnapshotError) where Definition == Statechart<StateID, E, Context> {
        let live = try chart.restoring(snapshot)
        if let position = snapshot.delayedEvents.firstIndex(where: { $0.remainingNanoseconds < 0 }) {
            let nanoseconds = snapshot.delayedEvents[position].remainingNanoseconds
            throw .timeOutOfRange("the remaining time of delayed event \(position + 1) (\(nanoseconds) ns, negative)")
        }
        self.init(definition: chart, subject: ChartRuntime(), restoredState: live)
        // Saved in delivery order; scheduling them in that order keeps ties in it.
        for delayed in snapshot.delayedEvents {
            send(delayed.event, after: delayed.remaining, id: delayed.id)
        }
    }
}
