extension MachineActor where State: Codable {
    /// Saves the machine's state (see
    /// ``StateMachine/snapshot()->MachineSnapshot<StateMachine<Definition>.State>``). Restore it into a
    /// machine and wrap that:
    /// `MachineActor(try StateMachine(definition: definition, subject: subject, restoring: saved))`.
    ///
    /// - Returns: A `Codable` value holding the current state.
    public func snapshot() -> MachineSnapshot<State> {
        MachineSnapshot(state: state)
    }
}

extension MachineActor {
    /// Saves the running chart (see ``StateMachine/snapshot()->StatechartSnapshot<StateID,E,Context>``).
    ///
    /// - Returns: A `Codable` value; see ``StatechartSnapshot``.
    /// - Throws: What ``StateMachine/snapshot()->StatechartSnapshot<StateID,E,Context>`` throws.
    public func snapshot<StateID, E, Context>() throws(SnapshotError) -> StatechartSnapshot<StateID, E, Context>
    where Definition == Statechart<StateID, E, Context> {
        let result = withMachine { machine in
            Result { () throws(SnapshotError) in try machine.snapshot() }
        }
        return try result.get()
    }

    /// Creates an actor owning a chart machine restored from a snapshot; its delayed events wait on the
    /// clock of ``run(clock:)`` (see ``StateMachine/init(chart:restoring:)``).
    ///
    /// - Parameters:
    ///   - chart: The chart the snapshot was taken from.
    ///   - snapshot: What ``snapshot()->StatechartSnapshot<StateID,E,Context>`` returned.
    /// - Throws: ``SnapshotError`` naming what differs.
    public init<StateID, E, Context>(
        chart: Statechart<StateID, E, Context>, restoring snapshot: StatechartSnapshot<StateID, E, Context>
    ) throws(SnapshotError) where Definition == Statechart<StateID, E, Context> {
        self.init(try StateMachine(chart: chart, restoring: snapshot))
    }
}
