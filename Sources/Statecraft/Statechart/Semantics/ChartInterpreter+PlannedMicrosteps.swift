extension ChartInterpreter {
    /// Where a run over a plan's list stopped: over a planned microstep's actions
    /// (``runPlannedActions(_:count:from:skippingTimers:stepping:scopeBox:)``), at an action that threw, raised an event or
    /// asked for an effect, which the interpreter then handles (``continuePlannedActions(_:count:after:)``)
    /// before the rest run; over a guarded plan's candidates (``firstHoldingCandidate(of:from:stepping:scopeBox:)``),
    /// at the first whose guard held or threw.
    @usableFromInline
    struct PlannedStop {
        /// The position in the list of the action or candidate it stopped at; -1 when it ran to the end (every
        /// action ran without throwing or asking for anything, or no guard held or threw).
        @usableFromInline let position: Int
        /// The error that action or guard threw, if it threw.
        @usableFromInline let failure: (any Error)?

        @inlinable init(position: Int, failure: (any Error)?) {
            self.position = position
            self.failure = failure
        }

        /// The run reached the end of the list.
        @inlinable static var none: PlannedStop { PlannedStop(position: -1, failure: nil) }
    }

    /// Calls one block of executable content with the context of the snapshot `snapshot` points to and the
    /// scope in `box`, both where they are stored: the one way entry, exit and transition actions are called,
    /// by the interpreter (``run(_:state:phase:)``) and by a planned microstep
    /// (``runPlannedActions(_:count:from:skippingTimers:stepping:scopeBox:)``). Whether it raised an event or asked for an
    /// effect, thrown or not, ``scopeAsked(_:)`` tells.
    @inlinable @inline(__always)
    static func call(
        _ action: ChartAction<StateID, Event, Context>, stepping snapshot: UnsafeMutablePointer<Snapshot>,
        scopeBox box: Unmanaged<ChartScopeBox<StateID, Event>>
    ) throws {
        try box._withUnsafeGuaranteedRef { try action(&snapshot.pointee._context, &$0.scope) }
    }

    /// Whether the action that just ran with the scope in `box` raised an event or asked for an effect: the scope
    /// then holds them, for ``takeRequests()``.
    @inlinable @inline(__always)
    static func scopeAsked(_ box: Unmanaged<ChartScopeBox<StateID, Event>>) -> Bool {
        box._withUnsafeGuaranteedRef { $0.scope.hasRequests }
    }

    /// Runs the actions of a planned microstep (``ChartMicrostepPlan/actionStart``), from the one at `start`,
    /// in the order the plan lists them: each sees the configuration it saw when the chart was built (in the
    /// snapshot and in the scope), until one throws or asks for something. The one loop over a plan's
    /// actions, for the interpreter's planned microstep (``takePlannedMicrostep(_:index:actions:)``) and a
    /// machine's (``takePlannedMacrostep(stepping:event:planIndex:scopeBox:tracing:bound:)``).
    ///
    /// The chart has microstep plans, so at most 64 states: the configurations are words, in the snapshot
    /// and in the scope alike.
    ///
    /// - Parameters:
    ///   - actions: The plan's first action in ``ChartMicrostepPlans/actions``.
    ///   - count: The plan's ``ChartMicrostepPlan/actionCount``.
    ///   - skippingTimers: Whether the actions that start or cancel a timer (``ChartPlannedAction/timerOperation``)
    ///     are passed over rather than called: the caller's record lists their effects from the plan.
    ///   - box: The box of the scope the actions receive, showing the step's signal.
    /// - Returns: Where it stopped, or ``PlannedStop/none`` when every action ran quietly.
    @inlinable @inline(__always)
    static func runPlannedActions(
        _ actions: UnsafeMutablePointer<ChartPlannedAction>, count: Int, from start: Int, skippingTimers: Bool = false,
        stepping snapshot: UnsafeMutablePointer<Snapshot>, scopeBox box: Unmanaged<ChartScopeBox<StateID, Event>>
    ) -> PlannedStop {
        assert(
            snapshot.pointee.active.spilled == nil
                && box._withUnsafeGuaranteedRef { $0.scope.configuration.spilled }
                    == nil,
            "Internal inconsistency: a planned microstep in a chart of more than 64 states")
        var position = start
        while position < count {
            let action = actions + position
            if skippingTimers && action.pointee.isTimerOperation {
                position &+= 1
                continue
            }
            let configuration = action.pointee.configuration
            snapshot.pointee.active.low = configuration
            box._withUnsafeGuaranteedRef { $0.scope.configuration.low = configuration }
            // Kept by the plans or the tables, which the snapshot keeps: called without a retain.
            let unretained = Unmanaged<ChartTables<StateID, Event, Context>.Action>.fromOpaque(
                UnsafeRawPointer(bitPattern: action.pointee.bodyAddress).unsafelyUnwrapped)
            // The error is caught where it is thrown: a loop carrying an optional error retains it per action.
            do {
                try unretained._withUnsafeGuaranteedRef { try call($0.body, stepping: snapshot, scopeBox: box) }
            } catch {
                return PlannedStop(position: position, failure: error)
            }
            if scopeAsked(box) { return PlannedStop(position: position, failure: nil) }
            position &+= 1
        }
        return .none
    }

    /// Moves the snapshot `snapshot` points to into the configuration planned microstep `plan` leads to, with
    /// its row in the plans (``ChartSnapshot/planRowStart``).
    ///
    /// - Returns: Whether the microstep exited or entered a state.
    @inlinable @inline(__always)
    static func enterNextConfiguration(
        of plan: UnsafeMutablePointer<ChartMicrostepPlan>, stepping snapshot: UnsafeMutablePointer<Snapshot>
    ) -> Bool {
        snapshot.pointee.active.low = plan.pointee.nextConfiguration
        snapshot.pointee.planRowStart = plan.pointee.nextRowStart
        return plan.pointee.exitWord | plan.pointee.entryWord != 0
    }

    /// Records a macrostep that was the planned microstep at `index` alone, with nothing else to record: in a
    /// traced chart as that plan (``ChartMacrostep/recordPlanned(_:changedConfiguration:)``), three stores, the
    /// record's box untouched — the snapshot's record must have its box (``ChartMacrostep/canRecordPlanned``);
    /// untraced, as one microstep counted, as ``beginRecord()`` and ``finishMicrostep(_:label:exited:entered:historyDefaults:)``
    /// record it.
    @inlinable @inline(__always)
    static func recordPlannedAlone(
        _ index: Int, changedConfiguration: Bool, tracing: Bool, stepping snapshot: UnsafeMutablePointer<Snapshot>
    ) {
        if tracing {
            snapshot.pointee._lastMacrostep.recordPlanned(
                Int32(truncatingIfNeeded: index), changedConfiguration: changedConfiguration)
        } else {
            snapshot.pointee._lastMacrostep.reset()
            snapshot.pointee._lastMacrostep.microstepCount = 1
            snapshot.pointee._lastMacrostep.changedConfiguration = changedConfiguration
        }
        #if DEBUG
            snapshot.pointee._checkInvariants()
        #endif
    }

    /// SCXML 1.0 §D.2 `microstep`, from a plan that lists its actions (``ChartMicrostepPlan/actionStart``):
    /// the actions ``takeMicrostep(_:label:plan:)`` runs for this plan, recorded from it when the chart was
    /// built, each seeing the configuration it saw there, then the plan's next configuration. The same
    /// record, errors and raised events as that step; no set is walked.
    ///
    /// A traced macrostep that records nothing before (an action's error or effects) records this microstep
    /// as its plan (``ChartMacrostep/plannedMicrostep``), without touching the record's box; anything
    /// recorded later writes it into the box first (``beginRecord()``).
    ///
    /// - Parameters:
    ///   - index: The plan's position in ``ChartMicrostepPlans/plans``.
    ///   - actions: The plan's first action in ``ChartMicrostepPlans/actions``.
    @inlinable @inline(__always) mutating func takePlannedMicrostep(
        _ plan: UnsafeMutablePointer<ChartMicrostepPlan>, index: Int,
        actions: UnsafeMutablePointer<ChartPlannedAction>
    ) {
        if stepCount >= bound &- Self.loopWindow { recordRecentStep(describeMicrostep(plan.pointee.transitionList)) }
        // The configuration changes action by action: no row until the microstep's end.
        snapshotPointer.pointee.planRowStart = -1
        let count = Int(plan.pointee.actionCount)
        if count > 0 {
            if scopeBox == nil { attachScope() }
            let stop = Self.runPlannedActions(
                actions, count: count, from: 0, stepping: snapshotPointer, scopeBox: scopeBox.unsafelyUnwrapped)
            if stop.position >= 0 { continuePlannedActions(actions, count: count, after: stop) }
        }
        finishPlannedMicrostep(plan, index: index)
    }

    /// The rest of a planned microstep's actions after `stop`: the requests and error of the action it names
    /// handled as ``run(_:state:phase:)`` handles them (raised events to the internal queue, effects and the
    /// error to the record, `error.execution` raised), then the actions after it, and so on. Out of line: most
    /// actions neither throw nor ask for anything.
    @inlinable @inline(never) mutating func continuePlannedActions(
        _ actions: UnsafeMutablePointer<ChartPlannedAction>, count: Int, after stop: PlannedStop
    ) {
        var stop = stop
        while stop.position >= 0 {
            let action = actions + stop.position
            takeRequests()
            if let failure = stop.failure {
                raiseError(failure, state: Int(action.pointee.state), phase: action.pointee.phase)
            }
            stop = Self.runPlannedActions(
                actions, count: count, from: stop.position &+ 1, stepping: snapshotPointer,
                scopeBox: scopeBox.unsafelyUnwrapped)
        }
    }

    /// The end of a planned microstep whose actions ran: the plan's next configuration and row, and its
    /// record — the plan alone (``recordPlannedAlone(_:changedConfiguration:tracing:stepping:)``) when nothing was
    /// recorded before in a traced macrostep, the microstep's words otherwise.
    @inlinable @inline(__always) mutating func finishPlannedMicrostep(
        _ plan: UnsafeMutablePointer<ChartMicrostepPlan>, index: Int
    ) {
        let changed = Self.enterNextConfiguration(of: plan, stepping: snapshotPointer)
        if !begun && tracing && snapshotPointer.pointee._lastMacrostep.canRecordPlanned {
            Self.recordPlannedAlone(index, changedConfiguration: changed, tracing: true, stepping: snapshotPointer)
            recordIsPlanned = true
            stepCount &+= 1
        } else {
            finishMicrostep(
                plan.pointee.transitionList, label: .transitions, exited: ChartStateSet(low: plan.pointee.exitWord),
                entered: ChartStateSet(low: plan.pointee.entryWord))
            if changed { snapshotPointer.pointee._lastMacrostep.changedConfiguration = true }
        }
    }

    /// A machine's macrostep for external event `event` whose plan, at `planIndex` in the snapshot's
    /// configuration, lists its actions, in a chart without eventless transitions: the plan's actions run
    /// (``runPlannedActions(_:count:from:skippingTimers:stepping:scopeBox:)``) and the microstep ends
    /// (``enterNextConfiguration(of:stepping:)``, ``recordPlannedAlone(_:changedConfiguration:tracing:stepping:)``)
    /// without an interpreter — the steps ``handleExternal(event:planIndex:)`` takes for this plan, with
    /// nothing left for it to do afterwards (no internal event, no eventless transition, no final state).
    /// When an action throws or asks for something, an interpreter takes the rest of the macrostep from there
    /// (``takeRestOfPlannedMacrostep(stepping:event:plan:index:actions:count:after:skippedTimers:scopeBox:tracing:bound:)``).
    /// The caller checks that the chart has no eventless transition and a bound above ``loopWindow``
    /// (``Statechart/takesActionPlansInline``).
    ///
    /// - Parameters:
    ///   - planIndex: A ``ChartMicrostepPlan/Kind/planned`` plan's position in the snapshot's configuration
    ///     (``ChartTables/microstepPlan(for:rowStart:active:)``).
    ///   - box: The box of the scope the actions receive, kept by the machine for every step it takes.
    ///   - tracing: ``Statechart/isTracing``.
    ///   - bound: ``Statechart/macrostepBound``.
    /// - Returns: Whether the macrostep was taken; `false` (nothing done) when the plan lists no actions (a
    ///   ``ChartMicrostepPlan/Kind/guarded`` plan lists none) or a traced snapshot has no record box yet: the
    ///   caller then steps as usual.
    @inlinable @inline(__always)
    static func takePlannedMacrostep(
        stepping snapshot: UnsafeMutablePointer<Snapshot>, event: Event, planIndex: Int,
        scopeBox box: Unmanaged<ChartScopeBox<StateID, Event>>, tracing: Bool, bound: Int
    ) -> Bool {
        // The tables read where the snapshot holds them: a local copy of the reference is retained.
        let plans = snapshot.pointee.tables.microstepPlans.unsafelyUnwrapped
        let plan = plans.plans + planIndex
        guard plan.pointee.actionStart >= 0, !tracing || snapshot.pointee._lastMacrostep.canRecordPlanned else {
            return false
        }
        assert(
            plan.pointee.kind == .planned && bound > loopWindow && !snapshot.pointee._isFinished
                && !snapshot.pointee.tables.hasEventlessTransitions,
            "Internal inconsistency: a planned macrostep taken where it cannot be")
        takeCheckedPlannedMacrostep(
            stepping: snapshot, event: event, plan: plan, index: planIndex, scopeBox: box,
            soleAction: false, tracing: tracing, bound: bound)
        return true
    }

    /// ``takePlannedMacrostep(stepping:event:planIndex:scopeBox:tracing:bound:)`` once its conditions are known to
    /// hold: `plan`, at `index` in the snapshot's tables' plans, lists its actions — exactly one when
    /// `soleAction` —, and a traced snapshot's record has its box.
    ///
    /// - Returns: Whether the macrostep was the plan alone (``recordPlannedAlone(_:changedConfiguration:tracing:stepping:)``):
    ///   then it has no sends, cancels or errors, and the chart has not finished — the caller has nothing to perform.
    ///   `false` when an action asked for effects, threw or raised an event
    ///   (``takeRestOfPlannedMacrostep(stepping:event:plan:index:actions:count:after:skippedTimers:scopeBox:tracing:bound:)``): the
    ///   caller performs the record's effects; `false` too when the plan's timers were skipped, their effects then
    ///   in the plan (``ChartPlannedRecordEffects/inPlan``).
    @inlinable @inline(__always) @discardableResult
    static func takeCheckedPlannedMacrostep(
        stepping snapshot: UnsafeMutablePointer<Snapshot>, event: Event, plan: UnsafeMutablePointer<ChartMicrostepPlan>,
        index: Int, scopeBox box: Unmanaged<ChartScopeBox<StateID, Event>>, soleAction: Bool, tracing: Bool, bound: Int
    ) -> Bool {
        assert(
            plan.pointee.firstActionAddress != 0
                && (!tracing || snapshot.pointee._lastMacrostep.canRecordPlanned)
                && (!soleAction || plan.pointee.actionCount == 1),
            "Internal inconsistency: a planned macrostep taken without its conditions")
        #if DEBUG
            checkPlan(index, of: event, stepping: snapshot)
        #endif
        snapshot.pointee.planRowStart = -1
        // Most plans list one action (an entry action): a caller that knows it says so, and that one
        // is called without a test of the count or the loop around it. A traced record lists the effects of the
        // timers of a plan that lists several actions from the plan: their actions are skipped. (A plan whose one
        // action is a timer's has it called, its effect recorded as any other.)
        var skipsTimers = false
        let count = soleAction ? 1 : Int(plan.pointee.actionCount)
        if count > 0 {
            box._withUnsafeGuaranteedRef { $0.scope.show(event: event) }
            let actions = UnsafeMutablePointer<ChartPlannedAction>(bitPattern: plan.pointee.firstActionAddress)
                .unsafelyUnwrapped
            let stop: PlannedStop
            if soleAction || count == 1 {
                stop = runPlannedActions(actions, count: 1, from: 0, stepping: snapshot, scopeBox: box)
            } else {
                skipsTimers = tracing && plan.pointee.hasTimerOperations
                stop = runPlannedActions(
                    actions, count: count, from: 0, skippingTimers: skipsTimers, stepping: snapshot, scopeBox: box)
            }
            if stop.position >= 0 {
                takeRestOfPlannedMacrostep(
                    stepping: snapshot, event: event, plan: plan, index: index, actions: actions, count: count,
                    after: stop, skippedTimers: skipsTimers, scopeBox: box, tracing: tracing, bound: bound)
                return false
            }
        }
        let changed = enterNextConfiguration(of: plan, stepping: snapshot)
        recordPlannedAlone(index, changedConfiguration: changed, tracing: tracing, stepping: snapshot)
        if skipsTimers {
            snapshot.pointee._lastMacrostep.plannedEffects = .inPlan
            return false
        }
        return true
    }

    /// The rest of ``takeCheckedPlannedMacrostep(stepping:event:plan:index:scopeBox:soleAction:tracing:bound:)``
    /// after an action stopped the run over the plan's actions (`stop`). While each action that stops it only asked
    /// for effects (sends and cancels, ``ChartScope/requestedEffects``) in a traced chart, the record is emptied for
    /// them at the first, each one's effects are moved to it (``recordRequestedEffects(from:stepping:)``) and the
    /// actions after it run; when all have run, the macrostep stays its plan's, with effects
    /// (``ChartMacrostep/plannedEffects``): a chart whose states start and stop timers needs no
    /// interpreter for them. An action that threw or raised an event (or any, untraced) hands the rest to an
    /// interpreter, which handles it, runs the plan's remaining actions, ends the microstep and runs the macrostep
    /// to completion, as ``handleExternal(event:planIndex:)`` would have.
    @inlinable @inline(never)
    static func takeRestOfPlannedMacrostep(
        stepping snapshot: UnsafeMutablePointer<Snapshot>, event: Event,
        plan: UnsafeMutablePointer<ChartMicrostepPlan>, index: Int, actions: UnsafeMutablePointer<ChartPlannedAction>,
        count: Int, after stop: PlannedStop, skippedTimers: Bool,
        scopeBox box: Unmanaged<ChartScopeBox<StateID, Event>>,
        tracing: Bool, bound: Int
    ) {
        var stop = stop
        var recordBegun = false
        if skippedTimers {
            // The timers' actions before the stop were passed over: their effects go to the record first, in order,
            // and the actions after it are called, timers' included.
            snapshot.pointee._lastMacrostep.reset()
            recordBegun = true
            recordTimerEffects(of: actions, before: stop.position, stepping: snapshot)
        }
        while tracing, stop.position >= 0, stop.failure == nil, !raisedSignals(in: box) {
            if !recordBegun {
                snapshot.pointee._lastMacrostep.reset()
                recordBegun = true
            }
            recordRequestedEffects(from: box, stepping: snapshot)
            stop = runPlannedActions(actions, count: count, from: stop.position &+ 1, stepping: snapshot, scopeBox: box)
        }
        if stop.position < 0 {
            let changed = enterNextConfiguration(of: plan, stepping: snapshot)
            recordPlannedAlone(index, changedConfiguration: changed, tracing: true, stepping: snapshot)
            snapshot.pointee._lastMacrostep.plannedEffects = .inRecords
            return
        }
        var interpreter = Self(stepping: snapshot, event: event, signal: nil, tracing: tracing, bound: bound)
        interpreter.scopeBox = box
        // Effects of earlier actions in the record already: it is not emptied again.
        interpreter.begun = recordBegun
        interpreter.continuePlannedActions(actions, count: count, after: stop)
        interpreter.finishPlannedMicrostep(plan, index: index)
        interpreter.finishMacrostep()
        if let backlog = interpreter.backlog { backlog.release() }
    }

    /// Appends to the record of the snapshot `snapshot` points to the effects of the timers' actions among the
    /// first `end` of `actions` (``ChartPlannedAction/timerOperation``), in order: what those actions, passed over
    /// by a run that skipped timers, would have asked for.
    @usableFromInline static func recordTimerEffects(
        of actions: UnsafeMutablePointer<ChartPlannedAction>, before end: Int,
        stepping snapshot: UnsafeMutablePointer<Snapshot>
    ) {
        let timers = snapshot.pointee.tables.timers.timers
        snapshot.pointee._lastMacrostep.withUniqueRecords(
            names: snapshot.pointee.tables.names, plans: snapshot.pointee.tables.microstepPlanStorage
        ) { records in
            for position in 0..<end where actions[position].isTimerOperation {
                records.effects.append(actions[position].timerEffect(in: timers))
            }
        }
    }

    /// Whether the scope in `box` holds events raised by the action that just ran.
    @inlinable @inline(__always)
    static func raisedSignals(in box: Unmanaged<ChartScopeBox<StateID, Event>>) -> Bool {
        box._withUnsafeGuaranteedRef { (box: ChartScopeBox<StateID, Event>) -> Bool in box.scope.raisedSignals != nil }
    }

    #if DEBUG
        /// Stops the program unless `index` is the position of `event`'s plan in the configuration of the
        /// snapshot `snapshot` points to, found by the configuration's word: tests check that the row the
        /// snapshot keeps (``ChartSnapshot/planRowStart``) and a plan handed to the step are those of its
        /// configuration.
        @usableFromInline static func checkPlan(
            _ index: Int, of event: Event, stepping snapshot: UnsafeMutablePointer<Snapshot>
        ) {
            let plans = snapshot.pointee.tables.microstepPlans.unsafelyUnwrapped
            let found = plans.planIndex(
                configuration: snapshot.pointee.active.low, byte: Int(_TransitionLookup.byte(of: event)))
            // A guarded plan's step goes on with the plan of the candidate it chose.
            let chosen = found.map { plans.plans[$0] }.flatMap { plan in
                plan.kind == .guarded
                    ? Int(plan.firstOutcome)..<Int(plan.firstOutcome) + plan.transitionCount : nil
            }
            precondition(
                found == index || chosen?.contains(index) == true,
                "Internal inconsistency: a step given the plan of another configuration")
        }
    #endif
}
