extension Statechart {
    /// `true`: an idle chart machine reads its event's microstep plan first (``_laneHint(for:in:)``).
    @inlinable public static var _hasLane: Bool { true }

    /// What an idle machine's event does, read from the chart's microstep plans in the row its snapshot keeps
    /// (``ChartSnapshot/planRow``):
    /// - ``_StepHint/ignored`` when the plan says that no transition handles the event there, guarded or not;
    /// - the plan's position when it is planned or guarded, for ``_update(_:on:hint:in:)``;
    /// - ``_StepHint/unknown`` otherwise — no row (a snapshot just made or restored, a finished chart), no plans,
    ///   an event without a column, an unplanned plan — or when an invocation autoforwards events
    ///   (``_willHandle(_:in:)`` has work to do).
    ///
    /// The answer ``_stepHint(for:in:)`` gives, with less to test: only a row the snapshot keeps is read.
    @inlinable @inline(__always)
    public func _laneHint(for event: Event, in machine: StateMachine<Statechart>) -> _StepHint {
        guard _isPOD(Event.self), MemoryLayout<Event>.size <= 1 else { return .unknown }
        let row = Int(machine._state.planRow)
        guard row >= 0, let plans = tables.microstepPlans else { return .unknown }
        let column = plans.columns[_TransitionLookup.byte(of: event)]
        if column == ChartEventCandidates.noColumn { return .unknown }
        let index = row &* plans.columnCount &+ Int(column)
        let kind = plans.plans[index].kind
        if kind == .unplanned || machine.subject._autoforwards { return .unknown }
        return kind == .ignored ? .ignored : _StepHint(rawValue: index)
    }
}
