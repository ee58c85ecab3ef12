extension StateMachine {
    /// Not API: runs `action` on the chart's context between macrosteps, with `signal` as the event being
    /// processed — SCXML's `<finalize>`, which updates the data model with an event from an invoked
    /// session before that event is processed. What the action raises, sends or cancels is dropped.
    ///
    /// - Throws: What `action` throws; the changes it made before throwing stay.
    package func _runBetweenSteps<StateID, E, Context>(
        _ action: ChartAction<StateID, E, Context>, signal: ChartSignal<StateID, E>
    ) throws where Definition == Statechart<StateID, E, Context> {
        var scope = ChartScope(signal: signal, states: _state.tables.stateLookup, configuration: _state.active)
        try action(&_state._context, &scope)
    }
}

extension StateMachine {
    /// Not API: stops a chart machine whose invocation was cancelled: every active state is exited in exit
    /// order, running its exit actions (SCXML 1.0 §6.4: a cancelled session runs its `<onexit>`
    /// handlers), and the machine is finished, in no final state. What the exit actions send is dropped.
    package func _halt<StateID, E, Context>() where Definition == Statechart<StateID, E, Context> {
        guard !_state.isFinished else { return }
        var snapshot = _state
        ChartInterpreter.withInterpreter(
            stepping: &snapshot, tracing: definition.isTracing, bound: definition.macrostepBound
        ) { interpreter in
            interpreter.beginRecord()
            // Finished first: an empty configuration is legal only for a finished chart.
            interpreter.snapshotPointer.pointee._isFinished = true
            interpreter.exitInterpreter()
        }
        _state = snapshot
    }
}
