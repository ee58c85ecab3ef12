extension StateMachine {
    /// Not API: runs `action` on the chart's context between macrosteps, with `signal` as the event being
    /// processed — SCXML's `<finalize>`, which updates the data model with an event from an invoked
    /// session before that event is processed. What the action raises, sends or cancels is dropped.
    ///
    /// - Throws: What `action` throws; the changes it made before throwing stay.
    package func _runBetweenSteps<StateID, E, Context>(
        _ action: ChartAction<StateID, E, Context>, signal: ChartSignal<StateID, E>
    ) throws where Definition == Statechart<StateID, E, Context> {
        var scope = ChartScope(signal: signal, stateIndex: _state.tables.stateIndex, configuration: _state.active)
        try action(&_state._context, &scope)
    }
}
