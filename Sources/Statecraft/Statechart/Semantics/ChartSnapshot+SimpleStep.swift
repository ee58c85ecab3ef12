extension ChartSnapshot {
    /// How far ``takeSimpleStep(_:raised:)`` took a macrostep.
    @usableFromInline
    enum SimpleStepOutcome {
        /// No transition was enabled and nothing was raised: the signal is ignored.
        case ignored
        /// The macrostep is complete.
        case settled
        /// A microstep was taken (or a guard failed) and the chart may not have settled: events were
        /// raised, or the chart has eventless transitions. The interpreter runs the rest.
        case unsettled
        /// The enabled transition has no plan (it enters a final state): the interpreter takes it.
        case needsInterpreter(Int)
    }

    /// The first microstep of a macrostep of a simple chart (see ``ChartTables/simplePlans``), untraced,
    /// in place: SCXML 1.0 §D.2 `selectTransitions` and `microstep` with the transition's precomputed
    /// exit and entry sets, guards and actions run as the interpreter runs them.
    ///
    /// Without parallel states the configuration is a chain from the root to one atomic state — the
    /// active state with the highest index — so at most one transition is enabled and no conflict can
    /// arise; without history states nothing needs recording on exit.
    ///
    /// - Parameters:
    ///   - signal: The external signal.
    ///   - raised: Receives the internal events the guards and actions raised, `error.execution` included.
    /// The snapshot's ``lastMacrostep`` is replaced by a fresh record only once the step does something
    /// (a transition is enabled or a guard fails), so an ignored signal leaves the snapshot untouched.
    ///
    /// - Returns: What is left to do.
    @inlinable mutating func takeSimpleStep(
        _ signal: ChartSignal<StateID, Event>, raised: inout [ChartSignal<StateID, Event>]
    ) -> SimpleStepOutcome {
        // A simple chart has at most 64 states, so the whole configuration is `active.low`.
        var source = 63 - active.low.leadingZeroBitCount
        var enabled = -1
        var begun = false
        search: while source > 0 {
            for index in tables.transitionRanges[source] {
                guard tables.trigger(of: index, firesOn: signal) else { continue }
                if simpleConditionMatch(index, signal: signal, begun: &begun, raised: &raised) {
                    enabled = index
                    break search
                }
            }
            source = tables.parents[source]
        }
        guard enabled >= 0 else { return raised.isEmpty ? .ignored : .unsettled }
        if !begun { _lastMacrostep = ChartMacrostep() }
        guard let plan = tables.simplePlans[enabled] else { return .needsInterpreter(enabled) }

        var exiting = active.low & plan.exitMask
        if exiting != 0 { _lastMacrostep.changedConfiguration = true }
        while exiting != 0 {
            let state = 63 - exiting.leadingZeroBitCount
            exiting &= ~(1 << UInt64(state))
            for action in tables.exitActionRanges[state] {
                runSimple(tables.actions[action].body, state: state, phase: .exit, signal: signal, raised: &raised)
            }
            active.low &= ~(1 << UInt64(state))
        }
        if let action = tables.transitions[enabled].action {
            runSimple(action, state: tables.transitions[enabled].source, phase: .transition, signal: signal, raised: &raised)
        }
        var entering = plan.entryMask
        if entering != 0 { _lastMacrostep.changedConfiguration = true }
        while entering != 0 {
            let state = entering.trailingZeroBitCount
            entering &= entering - 1
            active.low |= 1 << UInt64(state)
            for action in tables.entryActionRanges[state] {
                runSimple(tables.actions[action].body, state: state, phase: .entry, signal: signal, raised: &raised)
            }
            if plan.defaultEntryMask & (1 << UInt64(state)) != 0,
                let action = tables.transitions[tables.initialTransitions[state]].action
            {
                runSimple(action, state: state, phase: .transition, signal: signal, raised: &raised)
            }
        }
        _lastMacrostep.microstepCount = 1
        return raised.isEmpty && !tables.hasEventlessTransitions ? .settled : .unsettled
    }

    /// ``ChartInterpreter/conditionMatch(_:)`` for ``takeSimpleStep(_:raised:)``.
    /// `begun` tells whether ``lastMacrostep`` was already replaced by this step's record; a guard that
    /// throws replaces it before recording the error.
    @inlinable mutating func simpleConditionMatch(
        _ index: Int, signal: ChartSignal<StateID, Event>, begun: inout Bool, raised: inout [ChartSignal<StateID, Event>]
    ) -> Bool {
        guard let condition = tables.transitions[index].guardCondition else { return true }
        do {
            return try condition(_context, ChartScope(signal: signal, stateIndex: tables.stateIndex, configuration: active))
        } catch {
            if !begun {
                _lastMacrostep = ChartMacrostep()
                begun = true
            }
            simpleRaiseError(error, state: tables.transitions[index].source, phase: .guard, raised: &raised)
            return false
        }
    }

    /// ``ChartInterpreter/run(_:state:phase:)`` for ``takeSimpleStep(_:raised:)``.
    @inlinable mutating func runSimple(
        _ action: ChartAction<StateID, Event, Context>, state: Int, phase: ChartExecutionError.Phase,
        signal: ChartSignal<StateID, Event>, raised: inout [ChartSignal<StateID, Event>]
    ) {
        var scope = ChartScope(signal: signal, stateIndex: tables.stateIndex, configuration: active)
        var failure: (any Error)?
        do {
            try action(&_context, &scope)
        } catch {
            failure = error
        }
        if !scope.raised.isEmpty { raised.append(contentsOf: scope.raised) }
        if !scope.effects.isEmpty { _lastMacrostep.effects.append(contentsOf: scope.effects) }
        if let failure { simpleRaiseError(failure, state: state, phase: phase, raised: &raised) }
    }

    /// ``ChartInterpreter/raiseError(_:state:phase:)`` for ``takeSimpleStep(_:raised:)``.
    @inlinable mutating func simpleRaiseError(
        _ error: any Error, state: Int, phase: ChartExecutionError.Phase, raised: inout [ChartSignal<StateID, Event>]
    ) {
        let executionError = ChartExecutionError(state: tables.name(of: state), phase: phase, underlying: error)
        _lastMacrostep.errors.append(executionError)
        raised.append(.error(executionError))
    }
}
