extension Statechart {
    /// `true`: an idle chart machine reads its event's microstep plan first (``_laneHint(for:in:)``).
    @inlinable public static var _hasLane: Bool { true }

    /// What an idle machine's event does, when its snapshot keeps its row in the chart's microstep plans
    /// (``ChartSnapshot/planRow``): what ``_stepHint(for:in:)`` says, with the plan read without looking for the
    /// row — ``_StepHint/ignored``, or the position of a planned or guarded plan for ``_update(_:on:hint:in:)``.
    /// ``_StepHint/unknown`` without a row (a snapshot just made or restored, a finished chart), and whenever
    /// ``_stepHint(for:in:)`` says so (no plans, an event without a column, an unplanned plan, an invocation that
    /// autoforwards events).
    @inlinable @inline(__always)
    public func _laneHint(for event: Event, in machine: StateMachine<Statechart>) -> _StepHint {
        let row = machine._state.planRow
        guard row >= 0, let (plans, index) = tables.microstepPlan(for: event, row: row, active: machine._state.active),
            !machine.subject._autoforwards
        else { return .unknown }
        return plans.plans[index].kind == .ignored ? .ignored : _StepHint(rawValue: index)
    }
}
