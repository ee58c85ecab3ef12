extension ChartInterpreter {
    /// SCXML 1.0 §D.2 `microstep`: exit, run the transitions' content, enter.
    ///
    /// - Parameter plan: The plan of this microstep in this configuration (``ChartMicrostepPlans``), whose
    ///   exit and entry sets are those `computeExitSet` and `computeEntrySet` return here; `nil` to compute them.
    @inlinable mutating func takeMicrostep(
        _ enabled: ChartTransitionList, label: ChartRecordedMicrostep.Label,
        plan: UnsafeMutablePointer<ChartMicrostepPlan>? = nil
    ) {
        if stepCount >= bound - Self.loopWindow { recordRecentStep(describeMicrostep(enabled)) }
        // Walked set by set, the configuration's row is found again by the next step that needs it.
        snapshotPointer.pointee.planRowStart = -1
        var historyDefaults = ChartTransitionList()
        // The same three phases either way; with a plan, written out separately so that the optimizer sees
        // that its sets are words (no spilled words, no history defaults) and drops what handles those.
        if let plan {
            let exited = exitStates(ChartStateSet(low: plan.pointee.exitWord))
            executeTransitionContent(enabled)
            var sets = Tables.EntrySets()
            sets.statesToEnter.low = plan.pointee.entryWord
            sets.statesForDefaultEntry.low = plan.pointee.defaultEntryWord
            let entered = enterStates(sets, isDynamic: false, historyDefaults: &historyDefaults)
            #if DEBUG
                // Tests check each planned microstep against the configuration the plan expected.
                precondition(
                    snapshotPointer.pointee.active.low == plan.pointee.nextConfiguration,
                    "Internal inconsistency: a microstep plan led elsewhere")
            #endif
            finishMicrostep(enabled, label: label, exited: exited, entered: entered, historyDefaults: historyDefaults)
        } else {
            let exited = exitStates(computeExitSet(enabled))
            executeTransitionContent(enabled)
            let (sets, isDynamic) = entrySets(enabled)
            let entered = enterStates(sets, isDynamic: isDynamic, historyDefaults: &historyDefaults)
            finishMicrostep(enabled, label: label, exited: exited, entered: entered, historyDefaults: historyDefaults)
        }
    }

    /// SCXML 1.0 §D.2 `executeTransitionContent`, in the order of the optimal enabled set.
    @inlinable @inline(__always) mutating func executeTransitionContent(_ enabled: ChartTransitionList) {
        for position in 0..<enabled.count {
            let index = enabled[position]
            if let action = tables.transitions[index].action {
                run(action, state: tables.transitions[index].source, phase: .transition)
            }
        }
    }

    /// SCXML 1.0 §D.2 `computeExitSet`: the active descendants of each transition's domain, read from
    /// the transitions' plans. Targetless transitions exit nothing.
    @inlinable mutating func computeExitSet(_ transitions: ChartTransitionList) -> ChartStateSet {
        var exitSet = ChartStateSet()
        for position in 0..<transitions.count {
            let index = transitions[position]
            if tables.plans[index].fitsInWord {
                exitSet.low |= snapshotPointer.pointee.active.low & tables.plans[index].exitMask
                continue
            }
            let plan = tables.plans[index]
            if plan.isDynamic {
                var history = Tables.HistoryLookup(recorded: snapshotPointer.pointee.history)
                guard let domain = tables.transitionDomain(index, history: &history) else { continue }
                exitSet.formUnion(snapshotPointer.pointee.active.intersection(tables.exitScope(ofDomain: domain)))
            } else {
                exitSet.formUnion(snapshotPointer.pointee.active.intersection(plan.exitScope))
            }
        }
        return exitSet
    }

    /// SCXML 1.0 §D.2 `exitStates`: record history for every state about to be exited (§3.10), then
    /// exit the states in exit order — reverse document order, descendants before ancestors — running
    /// their exit actions.
    /// - Parameter exitSet: The states to exit (``computeExitSet(_:)`` of the enabled transitions).
    /// - Returns: The states exited.
    @inlinable @inline(__always) mutating func exitStates(_ exitSet: ChartStateSet) -> ChartStateSet {
        if exitSet.isEmpty { return exitSet }
        snapshotPointer.pointee._lastMacrostep.changedConfiguration = true
        if tables.hasHistoryStates { recordHistory(exiting: exitSet) }
        if exitSet.spilled == nil {
            // A set of the first 64 states, by its word: no iterator copying the set.
            var bits = exitSet.low
            while bits != 0 {
                let state = 63 - bits.leadingZeroBitCount
                bits &= ~(1 << UInt64(state))
                exitState(state)
            }
        } else {
            for state in exitSet.reversedIndices() { exitState(state) }
        }
        return exitSet
    }

    /// Exits `state`: its exit actions, then its removal from the configuration.
    @inlinable @inline(__always) mutating func exitState(_ state: Int) {
        for action in tables.exitActionRanges[state] {
            runAction(action, state: state, phase: .exit)
        }
        snapshotPointer.pointee.active.remove(state)
    }

    /// SCXML 1.0 §3.10: the history values of the states about to be exited.
    @inlinable @inline(never) mutating func recordHistory(exiting exitSet: ChartStateSet) {
        for state in exitSet {
            for history in tables.historyChildren[state] {
                var recorded = ChartStateSet()
                if case .history(.deep) = tables.kinds[history] {
                    for active in snapshotPointer.pointee.active
                    where tables.isAtomic(active) && tables.isDescendant(active, of: state) {
                        recorded.insert(active)
                    }
                } else {
                    for active in snapshotPointer.pointee.active where tables.parents[active] == state {
                        recorded.insert(active)
                    }
                }
                snapshotPointer.pointee.history[history] = recorded
            }
        }
    }

    /// SCXML 1.0 §D.2 `computeEntrySet`: the union of the transitions' planned entry sets, or
    /// `computeEntrySet` with the run's history values when a plan is dynamic.
    /// - Returns: The sets, and whether they were computed with history values (they may then hold
    ///   history defaults' content).
    @inlinable mutating func entrySets(_ enabled: ChartTransitionList) -> (sets: Tables.EntrySets, isDynamic: Bool) {
        var sets = Tables.EntrySets()
        var isDynamic = false
        for position in 0..<enabled.count {
            let index = enabled[position]
            if tables.plans[index].fitsInWord {
                sets.statesToEnter.low |= tables.plans[index].entryWord
                sets.statesForDefaultEntry.low |= tables.plans[index].defaultEntryWord
                continue
            }
            let plan = tables.plans[index]
            if plan.isDynamic {
                isDynamic = true
                break
            }
            sets.statesToEnter.formUnion(plan.entrySet)
            sets.statesForDefaultEntry.formUnion(plan.defaultEntrySet)
        }
        if isDynamic {
            sets = Tables.EntrySets()
            var history = Tables.HistoryLookup(recorded: snapshotPointer.pointee.history)
            tables.computeEntrySet(enabled, history: &history, into: &sets)
        }
        return (sets, isDynamic)
    }

    /// SCXML 1.0 §D.2 `enterStates`: the entry set (``entrySets(_:)``) entered in entry order (document
    /// order, ancestors before descendants), running entry actions, then the initial transition's content for states
    /// entered by default, then a history default transition's content. Entering a final state raises
    /// `done.state` for its parent and, when that completes a parallel grandparent, for the grandparent
    /// too (§3.7.1); a top-level final state halts the chart.
    /// - Parameters:
    ///   - sets: The entry sets.
    ///   - isDynamic: Whether `sets` may hold history defaults' content.
    ///   - historyDefaults: Receives the default transitions of the history states entered
    ///     without a recorded value, in the order their content ran: they are taken too.
    /// - Returns: The states entered.
    @inlinable @inline(__always) mutating func enterStates(
        _ sets: Tables.EntrySets, isDynamic: Bool, historyDefaults: inout ChartTransitionList
    ) -> ChartStateSet {
        if sets.statesToEnter.isEmpty { return sets.statesToEnter }
        snapshotPointer.pointee._lastMacrostep.changedConfiguration = true
        if sets.statesToEnter.spilled == nil {
            // A set of the first 64 states, by its word: no iterator copying the set.
            var bits = sets.statesToEnter.low
            while bits != 0 {
                let state = bits.trailingZeroBitCount
                bits &= bits &- 1
                enterState(state, sets: sets, isDynamic: isDynamic, historyDefaults: &historyDefaults)
            }
        } else {
            for state in sets.statesToEnter {
                enterState(state, sets: sets, isDynamic: isDynamic, historyDefaults: &historyDefaults)
            }
        }
        return sets.statesToEnter
    }

    /// Enters `state`: adds it to the configuration, runs its entry actions, then the initial
    /// transition's content when it is entered by default and a history default's content, and handles a
    /// final state.
    @inlinable @inline(__always)
    mutating func enterState(
        _ state: Int, sets: borrowing Tables.EntrySets, isDynamic: Bool, historyDefaults: inout ChartTransitionList
    ) {
        snapshotPointer.pointee.active.insert(state)
        for action in tables.entryActionRanges[state] {
            runAction(action, state: state, phase: .entry)
        }
        if sets.statesForDefaultEntry.contains(state),
            let action = tables.transitions[tables.initialTransitions[state]].action
        {
            run(action, state: state, phase: .transition)
        }
        if isDynamic, let history = sets.defaultHistoryContent?[state] {
            historyDefaults.append(history)
            if let action = tables.transitions[history].action {
                run(action, state: tables.transitions[history].source, phase: .transition)
            }
        }
        if tables.isFinal(state) { enterFinal(state) }
    }

    /// The end of entering final state `state`: `done.state` for its parent and, when that completes a
    /// parallel grandparent, for the grandparent; a top-level final state halts the chart.
    @inlinable @inline(never) mutating func enterFinal(_ state: Int) {
        let parent = tables.parents[state]
        if parent == 0 {
            snapshotPointer.pointee._isFinished = true
            snapshotPointer.pointee.finalIndex = state
            return
        }
        guard let parentID = tables.ids[parent] else {
            preconditionFailure("Internal inconsistency: a state without identifier below the root")
        }
        enqueueInternal(.done(parentID))
        let grandparent = tables.parents[parent]
        if grandparent > 0, tables.isParallel(grandparent),
            tables.childStates[grandparent].allSatisfy({ isInFinalState($0) }),
            let grandparentID = tables.ids[grandparent]
        {
            enqueueInternal(.done(grandparentID))
        }
    }

    /// SCXML 1.0 §D.2 `isInFinalState`.
    @inlinable func isInFinalState(_ state: Int) -> Bool {
        if tables.isCompound(state) {
            return tables.childStates[state].contains {
                tables.isFinal($0) && snapshotPointer.pointee.active.contains($0)
            }
        }
        if tables.isParallel(state) {
            return tables.childStates[state].allSatisfy { isInFinalState($0) }
        }
        return false
    }
}
