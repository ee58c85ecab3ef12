extension Statechart where StateID: Codable, Event: Codable & Sendable, Context: Codable & Sendable {
    /// The saved form of one of this chart's live snapshots — for interpreters that step the chart
    /// themselves (``step(_:on:)``) and keep their own delayed events; a machine's
    /// ``StateMachine/snapshot()->StatechartSnapshot<StateID,E,Context>`` calls it with the machine's
    /// waiting events.
    ///
    /// - Parameters:
    ///   - live: A snapshot this chart produced.
    ///   - delayedEvents: The delayed events still waiting, earliest first.
    /// - Returns: The `Codable` snapshot.
    /// - Complexity: O(*n* · *d*) in the size of the chart (its fingerprint).
    public func saved(
        _ live: ChartSnapshot<StateID, Event, Context>,
        delayedEvents: [StatechartSnapshot<StateID, Event, Context>.DelayedEvent]
    ) -> StatechartSnapshot<StateID, Event, Context> {
        StatechartSnapshot(
            fingerprint: fingerprint, configuration: live.activeConfiguration,
            histories: live.savedHistories.map { .init(history: $0.history, states: $0.states) },
            context: live.context, finalState: live.finalState, delayedEvents: delayedEvents)
    }

    /// The live snapshot a saved one describes, after checking that it fits this chart: nothing runs, and
    /// the saved delayed events are left to the caller to schedule.
    ///
    /// - Parameter saved: A snapshot of this chart.
    /// - Returns: A snapshot ``step(_:on:)`` accepts, with an empty ``ChartSnapshot/lastMacrostep``.
    /// - Throws: ``SnapshotError`` naming what differs: a newer format, another chart (by state), a state
    ///   the chart does not have.
    /// - Complexity: O(*n* · *d*) in the size of the chart.
    public func restoring(_ saved: StatechartSnapshot<StateID, Event, Context>) throws(SnapshotError)
        -> ChartSnapshot<StateID, Event, Context>
    {
        let supported = StatechartSnapshot<StateID, Event, Context>.currentFormatVersion
        guard saved.formatVersion <= supported else {
            throw .newerFormat(found: saved.formatVersion, supported: supported)
        }
        let fingerprint = fingerprint
        if fingerprint != saved.fingerprint {
            let differences = fingerprint.differences(from: saved.fingerprint)
            // Identical states in another order still make another chart (document order matters).
            throw .differentChart(differences.isEmpty ? [.stateChanged("(document order)")] : differences)
        }
        return try ChartSnapshot(restoring: saved, of: self)
    }
}

extension Statechart {
    /// The chart's ``ChartFingerprint``, computed once per compiled chart and shared by its variants
    /// (``withInitialContext(_:)``, ``tracing(_:)``…), whose states and transitions are the same: a durable
    /// machine saves or restores a snapshot on every event.
    var fingerprint: ChartFingerprint {
        if let known = tables.fingerprint.withLock({ $0 }) { return known }
        let computed = ChartFingerprint(self)
        tables.fingerprint.withLock { $0 = computed }
        return computed
    }
}
