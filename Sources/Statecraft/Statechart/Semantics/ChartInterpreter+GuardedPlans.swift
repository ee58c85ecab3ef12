extension ChartInterpreter {
    /// Evaluates the guard of transition `transition` (`true` when it has none) with the context of the
    /// snapshot `snapshot` points to and the scope in `box`, both lent where they are stored, through the
    /// guard's unretained reference (``ChartTables/unretainedGuards``): the one way a guard
    /// is called, by the selection (``conditionMatch(_:)``) and by a guarded plan
    /// (``firstHoldingCandidate(of:from:stepping:scopeBox:)``). The scope shows the signal and the configuration.
    @inlinable @inline(__always)
    static func evaluateGuard(
        of transition: Int, stepping snapshot: UnsafeMutablePointer<Snapshot>,
        scopeBox box: Unmanaged<ChartScopeBox<StateID, Event>>
    ) throws -> Bool {
        guard let condition = snapshot.pointee.tables.unretainedGuard(of: transition) else { return true }
        return try call(condition, stepping: snapshot, scopeBox: box)
    }

    /// Calls guard `condition` with the context of the snapshot `snapshot` points to and the scope in `box`,
    /// both lent where they are stored (``evaluateGuard(of:stepping:scopeBox:)``).
    @inlinable @inline(__always)
    static func call(
        _ condition: Unmanaged<Tables.GuardCondition>, stepping snapshot: UnsafeMutablePointer<Snapshot>,
        scopeBox box: Unmanaged<ChartScopeBox<StateID, Event>>
    ) throws -> Bool {
        try condition._withUnsafeGuaranteedRef { condition in
            try box._withUnsafeGuaranteedRef { try condition.body(&snapshot.pointee._context, &$0.scope) }
        }
    }

    /// SCXML 1.0 §D.2 `selectTransitions` for a ``ChartMicrostepPlan/Kind/guarded`` plan: the first of its
    /// candidates, from the one at `start`, whose guard holds, or the first whose guard throws (which the
    /// selection counts as false after raising `error.execution`, SCXML 1.0 §5.9), as a ``PlannedStop``; its
    /// position is -1 when no guard held or threw. The scope in `box` shows the signal and the configuration.
    @inlinable @inline(__always)
    static func firstHoldingCandidate(
        of plan: UnsafeMutablePointer<ChartMicrostepPlan>, from start: Int,
        stepping snapshot: UnsafeMutablePointer<Snapshot>, scopeBox box: Unmanaged<ChartScopeBox<StateID, Event>>
    ) -> PlannedStop {
        var position = start
        let count = plan.pointee.transitionCount
        while position < count {
            // The error is caught where it is thrown, as for actions (`runPlannedActions`).
            do {
                if try evaluateGuard(of: plan.pointee.transitionList[position], stepping: snapshot, scopeBox: box) {
                    return PlannedStop(position: position, failure: nil)
                }
            } catch {
                return PlannedStop(position: position, failure: error)
            }
            position &+= 1
        }
        return .none
    }

    /// The rest of a macrostep whose external event has the ``ChartMicrostepPlan/Kind/guarded`` plan at
    /// `index` in `plans`, after the selection's `choice`: a guard that threw raises `error.execution` and the
    /// selection goes on from the next candidate; the chosen candidate's microstep is taken from its plan
    /// (``takePlan(_:index:)``); when none is chosen, the macrostep processes the errors raised, if any, as
    /// ``handleUnplanned(_:)`` does for an empty selection.
    ///
    /// - Returns: Whether the event enabled a transition or raised an error; `false` leaves the snapshot as
    ///   it was.
    @inlinable @inline(never) mutating func takeGuardedPlan(
        _ plans: ChartMicrostepPlans, index: Int, after choice: PlannedStop
    ) -> Bool {
        let plan = plans.plans + index
        var choice = choice
        while let failure = choice.failure {
            // Raising changes neither the configuration nor the signal the scope shows.
            raiseError(
                failure, state: tables.transitions[plan.pointee.transitionList[choice.position]].source, phase: .guard)
            choice = Self.firstHoldingCandidate(
                of: plan, from: choice.position &+ 1, stepping: snapshotPointer, scopeBox: scopeBox.unsafelyUnwrapped)
        }
        if choice.position >= 0 { return takePlan(plans, index: Int(plan.pointee.firstOutcome) &+ choice.position) }
        if !hasInternalEvents { return false }
        beginRecord()
        finishMacrostep()
        return true
    }

    /// A machine's macrostep for external event `event` whose plan, at `planIndex` in the snapshot's
    /// configuration, is ``ChartMicrostepPlan/Kind/guarded``, in a chart without eventless transitions: the
    /// candidates' guards are evaluated without an interpreter, then the chosen candidate's plan is taken as
    /// any other (``takePlannedMacrostep(stepping:event:planIndex:scopeBox:tracing:bound:)``, or
    /// ``handleExternal(stepping:event:planIndex:scopeBox:tracing:bound:)`` when it must walk its sets). A guard
    /// that throws leaves the rest to an interpreter (``takeGuardedPlan(_:index:after:)``). The caller checks
    /// the chart as for ``takePlannedMacrostep(stepping:event:planIndex:scopeBox:tracing:bound:)``.
    ///
    /// - Returns: Whether the event was handled; `false` (the snapshot untouched) when no guard held and none
    ///   threw.
    @inlinable @inline(__always)
    static func takeGuardedMacrostep(
        stepping snapshot: UnsafeMutablePointer<Snapshot>, event: Event, planIndex: Int,
        scopeBox box: Unmanaged<ChartScopeBox<StateID, Event>>, tracing: Bool, bound: Int
    ) -> Bool {
        let plans = snapshot.pointee.tables.microstepPlans.unsafelyUnwrapped
        let plan = plans.plans + planIndex
        box._withUnsafeGuaranteedRef {
            $0.scope.show(event: event)
            $0.scope.configuration.low = snapshot.pointee.active.low
        }
        let choice = firstHoldingCandidate(of: plan, from: 0, stepping: snapshot, scopeBox: box)
        if choice.failure == nil {
            if choice.position < 0 { return false }
            let outcome = Int(plan.pointee.firstOutcome) &+ choice.position
            if takePlannedMacrostep(
                stepping: snapshot, event: event, planIndex: outcome, scopeBox: box, tracing: tracing, bound: bound)
            {
                return true
            }
            // The chosen microstep walks its sets, or the record has no box yet.
            return handleExternal(
                stepping: snapshot, event: event, planIndex: outcome, scopeBox: box, tracing: tracing, bound: bound)
        }
        var interpreter = Self(stepping: snapshot, event: event, signal: nil, tracing: tracing, bound: bound)
        interpreter.scopeBox = box
        let handled = interpreter.takeGuardedPlan(plans, index: planIndex, after: choice)
        if let backlog = interpreter.backlog { backlog.release() }
        return handled
    }
}
