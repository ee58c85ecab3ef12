extension ChartTables {
    /// The plans and the position in them of the plan for external chart event `event` in a snapshot's
    /// configuration `active` (``ChartMicrostepPlans/planIndex(rowStart:byte:)``): what the step reads first, and
    /// what a machine reads to answer an ignored event before stepping. The configuration's row starts at
    /// `rowStart`, the position the snapshot keeps (``ChartSnapshot/planRowStart``), or found by the
    /// configuration's word when that is -1. `nil` when the chart has no plans, its events are not plain values of at most a byte, the
    /// configuration has no row (or spilled words), or the configuration and event have no plan.
    ///
    /// The snapshot's two fields are passed apart: a snapshot passed whole, even borrowed, is copied.
    @inlinable @inline(__always)
    func microstepPlan(for event: Event, rowStart: Int32, active: borrowing ChartStateSet)
        -> (plans: ChartMicrostepPlans, index: Int)?
    {
        guard _isPOD(Event.self), MemoryLayout<Event>.size <= 1, let plans = microstepPlans else { return nil }
        var rowStart = Int(rowStart)
        if rowStart < 0 {
            guard active.spilled == nil, let found = plans.rowStart(of: active.low) else { return nil }
            rowStart = found
        }
        guard let index = plans.planIndex(rowStart: rowStart, byte: Int(_TransitionLookup.byte(of: event))) else {
            return nil
        }
        return (plans, index)
    }

    /// The same tables with the microstep each event takes in each legal configuration
    /// (``ChartMicrostepPlans``), when the chart has at most 64 states, its events are tabulated
    /// (``eventCandidates``) and it has at most ``ChartMicrostepPlans/configurationLimit`` legal configurations
    /// and ``ChartMicrostepPlans/planLimit`` plans; otherwise the tables unchanged.
    ///
    /// Each plan is computed by the interpreter's own functions (``ChartInterpreter/planMicrostep(for:)``)
    /// on a snapshot in that configuration; no guard or action runs. A ``ChartMicrostepPlan/Kind/guarded``
    /// plan's candidates have their plans after the grid of configurations and events.
    /// - Parameter context: A context for the snapshots the plans are computed on (never read).
    func withMicrostepPlans(context: Context) -> ChartTables {
        guard count <= 64, let candidates = eventCandidates,
            let cases = LogicTable<Void, Event, Void>.tabulableCases(of: Event.self, atMost: 255),
            let configurations = legalConfigurations(limit: ChartMicrostepPlans.configurationLimit),
            configurations.count * candidates.columnCount <= ChartMicrostepPlans.planLimit
        else { return self }
        // The event of each column (a value `allCases` lists twice has its first column).
        var events = [Event?](repeating: nil, count: candidates.columnCount)
        for event in cases {
            if let column = candidates.column(of: event), events[column] == nil { events[column] = event }
        }
        var plans: [ChartMicrostepPlan] = []
        plans.reserveCapacity(configurations.count * (candidates.columnCount + 1))
        var snapshot = ChartSnapshot(tables: self, context: context)
        let log = ChartActionLog()
        var recordingSnapshot = ChartSnapshot(tables: recordingActions(into: log), context: context)
        var actions: [ChartPlannedAction] = []
        var outcomes: [ChartMicrostepPlan] = []
        for configuration in configurations {
            snapshot.active = ChartStateSet(low: configuration)
            for column in 0..<candidates.columnCount {
                guard let event = events[column] else {
                    plans.append(.unplanned)
                    continue
                }
                var plan = ChartInterpreter.withInterpreter(stepping: &snapshot, tracing: false, bound: .max) {
                    $0.planMicrostep(for: event)
                }
                if plan.kind == .planned {
                    recordingSnapshot.active = ChartStateSet(low: configuration)
                    Self.listActions(of: &plan, on: event, stepping: &recordingSnapshot, log: log, into: &actions)
                } else if plan.kind == .guarded {
                    // The microstep of each candidate, after the grid of plans (positions fixed below).
                    var candidatePlans: [ChartMicrostepPlan] = []
                    for transition in plan.transitionList {
                        var outcome = ChartInterpreter.withInterpreter(
                            stepping: &snapshot, tracing: false, bound: .max
                        ) { $0.planMicrostep(enabling: ChartTransitionList(single: transition)) }
                        guard outcome.kind == .planned else { break }
                        recordingSnapshot.active = ChartStateSet(low: configuration)
                        Self.listActions(
                            of: &outcome, on: event, stepping: &recordingSnapshot, log: log, into: &actions)
                        candidatePlans.append(outcome)
                    }
                    if candidatePlans.count == plan.transitionCount {
                        plan.firstOutcome = Int32(outcomes.count)
                        outcomes += candidatePlans
                    } else {
                        plan = .unplanned
                    }
                }
                plans.append(plan)
            }
            // The column of the event bytes without a column of their own.
            plans.append(.unplanned)
        }
        let gridCount = Int32(plans.count)
        for position in plans.indices where plans[position].kind == .guarded {
            plans[position].firstOutcome += gridCount
        }
        plans += outcomes
        // Each action's box, for the step to call without the tables: an entry or exit action's is in `actions`, which
        // the tables made with these plans share; a transition's action gets one box, which the plans keep.
        var transitionActions: [Int: Action] = [:]
        for position in actions.indices {
            let reference = Int(actions[position].reference)
            let box: Action
            if reference >= 0 {
                box = self.actions[reference]
            } else if let made = transitionActions[~reference] {
                box = made
            } else {
                guard let body = transitions[~reference].action else {
                    preconditionFailure("Internal inconsistency: a planned action of a transition without one")
                }
                box = Action(body)
                transitionActions[~reference] = box
            }
            actions[position].bodyAddress = UInt(bitPattern: Unmanaged.passUnretained(box).toOpaque())
            if let (timer, starts) = box.timer {
                actions[position].timerOperation = starts ? timer.index + 1 : -(timer.index + 1)
            }
        }
        return with(
            microstepPlans: ChartMicrostepPlans.make(
                configurations: configurations, plans: plans, actions: actions,
                transitionActions: Array(transitionActions.values), timers: timers, eventColumns: candidates.columns,
                columnCount: candidates.columnCount + 1))
    }

    /// Lists in `actions` the actions planned microstep `plan` runs (``recordActions(of:on:stepping:log:)``),
    /// and where they are in `plan` (``ChartMicrostepPlan/actionStart``), unless the microstep does more than
    /// run actions.
    static func listActions(
        of plan: inout ChartMicrostepPlan, on event: Event,
        stepping snapshot: inout ChartSnapshot<StateID, Event, Context>, log: ChartActionLog,
        into actions: inout [ChartPlannedAction]
    ) {
        guard let recorded = recordActions(of: plan, on: event, stepping: &snapshot, log: log) else { return }
        plan.actionStart = Int32(actions.count)
        plan.actionCount = Int32(recorded.count)
        actions += recorded
    }

    /// The actions the microstep `plan` runs, in order, found by taking it (``ChartInterpreter/takeMicrostep(_:label:plan:)``,
    /// the step itself) on `snapshot`, whose tables' actions record their calls in `log`
    /// (``recordingActions(into:)``); `nil` when the microstep does more than run actions (it enters a
    /// final state, which raises `done.state` or ends the chart), so that the step must take it in full.
    static func recordActions(
        of plan: ChartMicrostepPlan, on event: Event, stepping snapshot: inout ChartSnapshot<StateID, Event, Context>,
        log: ChartActionLog
    ) -> [ChartPlannedAction]? {
        log.entries.removeAll(keepingCapacity: true)
        // The snapshot of the previous recording may have ended the chart.
        snapshot._isFinished = false
        snapshot.finalIndex = -1
        var taken = plan
        let settled = ChartInterpreter.withInterpreter(
            stepping: &snapshot, signal: .event(event), tracing: false, bound: .max
        ) { interpreter in
            withUnsafeMutablePointer(to: &taken) {
                interpreter.takeMicrostep(plan.transitionList, label: .transitions, plan: $0)
            }
            return !interpreter.hasInternalEvents
        }
        guard settled, !snapshot._isFinished, snapshot.active.low == plan.nextConfiguration else { return nil }
        return log.entries
    }

    /// The same tables whose actions, instead of running, append to `log` which action ran, the state and
    /// phase an error it threw would name, and the configuration it saw: the step taken on these tables lists
    /// the actions it runs (``recordActions(of:on:stepping:log:)``).
    func recordingActions(into log: ChartActionLog) -> ChartTables {
        var blockStates = [Int32](repeating: 0, count: actions.count)
        var blockPhases = [ChartExecutionError.Phase](repeating: .entry, count: actions.count)
        for state in 0..<count {
            for action in entryActionRanges[state] {
                blockStates[action] = Int32(state)
                blockPhases[action] = .entry
            }
            for action in exitActionRanges[state] {
                blockStates[action] = Int32(state)
                blockPhases[action] = .exit
            }
        }
        let recordingActions = actions.indices.map { index in
            Action { [blockStates, blockPhases] _, scope in
                log.entries.append(
                    ChartPlannedAction(
                        reference: Int32(index), state: blockStates[index], phase: blockPhases[index],
                        configuration: scope.configuration.low))
            }
        }
        let recordingTransitions = transitions.enumerated().map { index, transition in
            let source = Int32(transition.source)
            var action: ChartAction<StateID, Event, Context>?
            if transition.action != nil {
                action = { @Sendable _, scope in
                    log.entries.append(
                        ChartPlannedAction(
                            reference: ~Int32(index), state: source, phase: .transition,
                            configuration: scope.configuration.low))
                }
            }
            return Transition(
                source: transition.source, trigger: transition.trigger, targets: transition.targets,
                isInternal: transition.isInternal, guardCondition: transition.guardCondition, action: action)
        }
        return ChartTables(
            ids: ids, kinds: kinds, parents: parents, ends: ends, childStates: childStates,
            historyChildren: historyChildren, transitionRanges: transitionRanges,
            initialTransitions: initialTransitions, actions: recordingActions, entryActionRanges: entryActionRanges,
            exitActionRanges: exitActionRanges, transitions: recordingTransitions, annotations: annotations,
            stateIndex: stateIndex, plans: plans)
    }

    /// Every legal configuration of a chart of at most 64 states, as words: the states a configuration
    /// holds are ancestor-closed, a compound state (and the root) has exactly one active child and a
    /// parallel state all of them (SCXML 1.0 §3.11). `nil` when there are more than `limit`.
    func legalConfigurations(limit: Int) -> [UInt64]? {
        func configurations(of state: Int) -> [UInt64]? {
            let bit: UInt64 = state == 0 ? 0 : 1 << UInt64(state)
            switch kinds[state] {
            case .atomic, .final:
                return [bit]
            case .history:
                return []
            case .parallel:
                var result = [bit]
                for child in childStates[state] {
                    guard let region = configurations(of: child), result.count * region.count <= limit else {
                        return nil
                    }
                    result = result.flatMap { partial in region.map { partial | $0 } }
                }
                return result
            case .root, .compound:
                var result: [UInt64] = []
                for child in childStates[state] {
                    guard let below = configurations(of: child) else { return nil }
                    result += below.map { $0 | bit }
                    if result.count > limit { return nil }
                }
                return result
            }
        }
        guard count <= 64 else { return nil }
        return configurations(of: 0)
    }
}
