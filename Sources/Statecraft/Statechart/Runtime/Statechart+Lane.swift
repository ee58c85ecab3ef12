extension Statechart {
    /// `true`: an idle chart machine reads its event's microstep plan first (``_answerByLane(_:in:idleWord:)``).
    @inlinable public static var _hasLane: Bool { true }

    /// What the lane finds for an idle machine's event, as a hint (for tests): what ``_stepHint(for:in:)`` says,
    /// with the plan read from the row the snapshot keeps (``ChartSnapshot/planRowStart``) — ``_StepHint/ignored``,
    /// or the position of a planned or guarded plan. ``_StepHint/unknown`` without a row (a snapshot just made or
    /// restored, a finished chart), for an unplanned plan and while an invocation autoforwards events.
    func laneHint(for event: Event, in machine: StateMachine<Statechart>) -> _StepHint {
        guard let (index, lane) = lanePlan(for: event, in: machine), lane != .unplanned,
            !machine.subject._autoforwards
        else { return .unknown }
        return lane == .ignored ? .ignored : _StepHint(rawValue: index)
    }

    /// The position and lane step of `event`'s plan in the row of the plans that `machine`'s snapshot keeps
    /// (``ChartSnapshot/planRowStart``); `nil` without a row and for events that are not plain values of at most a
    /// byte. An event without a column finds an unplanned plan (``ChartMicrostepPlans/columns``). The one place the
    /// lane finds a plan.
    @inlinable @inline(__always)
    func lanePlan(for event: Event, in machine: StateMachine<Statechart>) -> (
        index: Int, lane: ChartMicrostepPlan.LaneStep
    )? {
        guard _isPOD(Event.self), MemoryLayout<Event>.size <= 1 else { return nil }
        let rowStart = machine._state.planRowStart
        guard rowStart >= 0 else { return nil }
        // A snapshot keeps a row only from the plans of its chart (`enterNextConfiguration(of:stepping:)`), and a
        // machine's snapshot is always of its definition's chart (a chart is restored from a `StatechartSnapshot`,
        // which `Statechart.restoring(_:)` makes anew with the chart's tables; the general step assumes it too):
        // no test for the plans.
        assert(tables.microstepPlans != nil, "Internal inconsistency: a plan row in a chart without plans")
        let plans = tables.microstepPlans.unsafelyUnwrapped
        let column = plans.columns[Int(_TransitionLookup.byte(of: event))]
        // In 32 bits (a chart has few plans: `ChartMicrostepPlans.planLimit`), so that the optimizer knows the
        // position is not negative and a hint made of it is no `_StepHint.unknown` or `.ignored`.
        let index = Int(UInt32(truncatingIfNeeded: rowStart) &+ UInt32(column))
        return (index, plans.plans[index].laneStep)
    }
}

extension Statechart {
    /// What the lane answers for `event` on the idle `machine` whose word is `idleWord` (see
    /// ``StateMachine/answerByLane(_:idleWord:)``): a planned or guarded plan's position (``lanePlan(for:in:)``)
    /// starts the step there (``StateMachine/processByLane(_:hint:idleWord:)``); an ignored event is answered
    /// `false` unless an ignored-event observer or an autoforwarding invocation hears it; anything else, `nil`.
    @inlinable @inline(__always)
    public func _answerByLane(_ event: Event, in machine: StateMachine<Statechart>, idleWord: UInt) -> Bool? {
        guard let (index, lane) = lanePlan(for: event, in: machine) else { return nil }
        // Autoforwarding invocations give their machine a support object (`startPendingInvocations(in:)`): only a
        // machine that has one tests for them.
        assert(
            idleWord != 0 || !machine.subject._autoforwards,
            "Internal inconsistency: an autoforwarding machine without a support object")
        switch lane {
        case .unplanned:
            return nil
        case .ignored:
            if idleWord == 0 { return false }
            return machine.subject._autoforwards || machine.hearsIgnoredEvents ? nil : false
        case .soleAction, .listedActions, .stepped:
            if idleWord != 0, machine.subject._autoforwards { return nil }
            return machine.processByLane(event, hint: _StepHint(rawValue: index), idleWord: idleWord)
        }
    }

    /// The step of `event` on the idle `machine` whose word is `idleWord`: `machine` marked busy, its snapshot
    /// updated as ``_update(_:on:hint:in:)`` does with the position `planIndex` of `event`'s plan, then idle again.
    /// A plan that lists its actions (``ChartMicrostepPlan/LaneStep``), on a machine whose runtime's ticket is its
    /// own (``ChartRuntime/_laneTicket``: it owns the scope box, its chart is traced and takes its action plans
    /// inline, no invocation autoforwards events; a machine without a support object holds it whenever its chart
    /// allows, see ``_machineDidInitialize(_:)``) and whose snapshot's record has its box, is taken
    /// (``ChartInterpreter/takeCheckedPlannedMacrostep(stepping:event:plan:index:scopeBox:soleAction:tracing:bound:)``)
    /// without re-testing what the ticket says: a sole action inline; a list inline by a machine with a support
    /// object, out of line (``takeListedActions(_:plan:index:in:bound:)``) by one without. Any other plan goes to
    /// ``_update(_:on:hint:in:)``'s steps, out of line. What ``StateMachine/processInPlace(_:hint:)`` does after
    /// the update follows, out of line, only when the step asked for something, or the machine has a support
    /// object or the step gave it one. When observers need the state from before the event, the observed lane
    /// step (``takeObservedLaneStep(_:planIndex:in:idleWord:tables:bound:)``), whose `nil` (nothing done) sends the
    /// machine to its observed step.
    @inlinable @inline(__always)
    public func _takeLaneStep(
        _ event: Event, planIndex index: Int, in machine: StateMachine<Statechart>, idleWord: UInt
    ) -> Bool? {
        // Observers that need the state from before the event: the observed step.
        if idleWord != 0, machine.idleSupport(idleWord)._withUnsafeGuaranteedRef({ $0.needsPreviousState }) {
            return Self.takeObservedLaneStep(
                event, planIndex: index, in: machine, idleWord: idleWord, tables: tables, bound: macrostepBound)
        }
        let busyBit = StateMachine<Statechart>.busyBit
        machine.supportWord = idleWord | busyBit
        let runtime = machine.subject
        let plans = tables.microstepPlans.unsafelyUnwrapped
        let plan = plans.plans + index
        let transitioned: Bool
        // Whether the step was the sole action's plan alone: nothing to perform afterwards.
        var recordedAlone = false
        let lane = plan.pointee.laneStep
        // A machine without a support object holds its runtime's lane ticket when its chart lets it take planned
        // steps by its lane (`_machineDidInitialize(_:)`): only one with an object tests the ticket.
        let takesLaneSteps = isTracing && takesActionPlansInline
        assert(
            idleWord != 0 || !takesLaneSteps || runtime._laneTicket == UInt(bitPattern: ObjectIdentifier(machine)),
            "Internal inconsistency: a chart machine without a support object or the lane ticket")
        let holdsTicket =
            idleWord == 0 ? takesLaneSteps : runtime._laneTicket == UInt(bitPattern: ObjectIdentifier(machine))
        if lane == .soleAction, holdsTicket, machine._state._lastMacrostep.canRecordPlanned {
            // The owner's box, made for this chart's types.
            let box = Unmanaged.passUnretained(
                unsafeDowncast(runtime._scopeBox.unsafelyUnwrapped, to: ChartScopeBox<StateID, Event>.self))
            recordedAlone = ChartInterpreter.takeCheckedPlannedMacrostep(
                stepping: &machine._state, event: event, plan: plan, index: index, scopeBox: box,
                soleAction: true, tracing: true, bound: macrostepBound)
            transitioned = true
        } else if lane == .listedActions, holdsTicket, machine._state._lastMacrostep.canRecordPlanned {
            if idleWord != 0 {
                // A machine with a support object (effects, delayed events) takes it inline: its copy of the lane
                // is the one such plans' charts (timers restarted in each state) run.
                let box = Unmanaged.passUnretained(
                    unsafeDowncast(runtime._scopeBox.unsafelyUnwrapped, to: ChartScopeBox<StateID, Event>.self))
                ChartInterpreter.takeCheckedPlannedMacrostep(
                    stepping: &machine._state, event: event, plan: plan, index: index, scopeBox: box,
                    soleAction: false, tracing: true, bound: macrostepBound)
            } else {
                Self.takeListedActions(event, plan: plan, index: index, in: machine, bound: macrostepBound)
            }
            transitioned = true
        } else if runtime._scopeBoxOwner == UInt(bitPattern: ObjectIdentifier(machine)), takesActionPlansInline {
            // An untraced chart's or a guarded plan, by the owner of the box: the step `update` takes out of line for
            // them, called here.
            let box = Unmanaged.passUnretained(
                unsafeDowncast(runtime._scopeBox.unsafelyUnwrapped, to: ChartScopeBox<StateID, Event>.self))
            if !isTracing, plan.pointee.actionStart >= 0 {
                // Taken: the plan lists its actions, and an untraced record needs no box.
                transitioned = Self.takeUntracedPlannedMacrostep(
                    stepping: &machine._state, event: event, planIndex: index, scopeBox: box, bound: macrostepBound)
            } else {
                transitioned = Self.stepOutOfLine(
                    &machine._state, event: event, planIndex: index, scopeBox: box, tables: tables, tracing: isTracing,
                    bound: macrostepBound)
            }
        } else {
            transitioned = Self.updateOffLane(
                event, planIndex: index, in: machine, tables: tables, tracing: isTracing,
                takesActionPlansInline: takesActionPlansInline, bound: macrostepBound)
        }
        // Without a support object, the effects of the state left need no ending: the macrostep's sends and
        // cancels, if any (`didUpdate(_:)` tests it), then the machine is idle again — unless those made it a
        // support object, or the step did, or the machine had one, or the event was ignored.
        if transitioned, machine.supportWord == busyBit {
            if !recordedAlone { Self.didUpdate(machine) }
            if machine.supportWord == busyBit {
                machine.supportWord = 0
                return true
            }
            Self.finishLaneStep(in: machine)
            return true
        }
        Self.finishLaneStep(on: event, transitioned: transitioned, in: machine)
        return transitioned
    }

    /// ``_takeLaneStep(_:planIndex:in:idleWord:)`` on a machine whose observers need the state from before the event:
    /// a plan's sole action taken as the lane takes it, on a machine that holds its runtime's lane ticket and whose
    /// record has its box, between what ``StateMachine/processObserved(_:hint:idleWord:)`` does around the update
    /// — the old state kept for the observers, the state's effects ended when the configuration changed, the
    /// observers told, the events queued meanwhile handled. `nil` (nothing done) for any other plan: the machine
    /// then takes its observed step.
    @inlinable @inline(__always)
    static func takeObservedLaneStep(
        _ event: Event, planIndex index: Int, in machine: StateMachine<Statechart>, idleWord: UInt,
        tables: ChartTables<StateID, Event, Context>, bound: Int
    ) -> Bool? {
        let plan = tables.microstepPlans.unsafelyUnwrapped.plans + index
        let runtime = machine.subject
        guard plan.pointee.laneStep == .soleAction, runtime._laneTicket == UInt(bitPattern: ObjectIdentifier(machine)),
            machine._state._lastMacrostep.canRecordPlanned
        else { return nil }
        let support = machine.idleSupport(idleWord)
        machine.supportWord = idleWord | StateMachine<Statechart>.busyBit
        support._withUnsafeGuaranteedRef { keepStateForObservers(&machine._state, in: &$0.keptState) }
        let box = Unmanaged.passUnretained(
            unsafeDowncast(runtime._scopeBox.unsafelyUnwrapped, to: ChartScopeBox<StateID, Event>.self))
        let recordedAlone = ChartInterpreter.takeCheckedPlannedMacrostep(
            stepping: &machine._state, event: event, plan: plan, index: index, scopeBox: box, soleAction: true,
            tracing: true, bound: bound)
        if machine._state._lastMacrostep.changedConfiguration {
            support._withUnsafeGuaranteedRef { $0.effects?.leaveState() }
        }
        if !recordedAlone { didUpdate(machine) }
        support._withUnsafeGuaranteedRef { support in
            machine.tellObservers(support, lending: &support.keptState!, on: event)
        }
        if machine.hasDeferredWork { machine.drainQueue() }
        machine.supportWord = idleWord
        return true
    }

    /// The lane's step for a plan that lists its actions, none or more than one (``ChartMicrostepPlan/LaneStep/listedActions``),
    /// on a machine without a support object that holds its runtime's lane ticket and whose record has its box: what
    /// the lane does inline for a plan's sole action, out of line, so that this copy of the lane holds one copy of
    /// the planned step (with two, the observed figures rose by about 30 instructions per event, measured with
    /// `Benchmarks/Scripts/instructions-per-event.sh`).
    @inlinable @inline(never)
    static func takeListedActions(
        _ event: Event, plan: UnsafeMutablePointer<ChartMicrostepPlan>, index: Int,
        in machine: StateMachine<Statechart>,
        bound: Int
    ) {
        let box = Unmanaged.passUnretained(
            unsafeDowncast(machine.subject._scopeBox.unsafelyUnwrapped, to: ChartScopeBox<StateID, Event>.self))
        ChartInterpreter.takeCheckedPlannedMacrostep(
            stepping: &machine._state, event: event, plan: plan, index: index, scopeBox: box, soleAction: false,
            tracing: true, bound: bound)
    }

    /// ``_update(_:on:hint:in:)`` on `machine`'s snapshot for a plan the lane does not take inline: a guarded one, one
    /// that lists no actions, one in an untraced chart or on a machine without the ticket. Out of line; static, so
    /// that no chart is copied for it.
    ///
    /// - Returns: Whether `event` caused a transition.
    @inlinable @inline(never)
    static func updateOffLane(
        _ event: Event, planIndex: Int, in machine: StateMachine<Statechart>,
        tables: ChartTables<StateID, Event, Context>,
        tracing: Bool, takesActionPlansInline: Bool, bound: Int
    ) -> Bool {
        update(
            &machine._state, on: event, hint: _StepHint(rawValue: planIndex), in: machine, tables: tables,
            tracing: tracing, takesActionPlansInline: takesActionPlansInline, bound: bound) != nil
    }

    /// The end of a lane step whose macrostep's sends and cancels gave the machine a support object: the events
    /// queued meanwhile handled, the machine idle again. Out of line: rare.
    @inlinable @inline(never)
    static func finishLaneStep(in machine: StateMachine<Statechart>) {
        if machine.unretainedSupport != nil, machine.hasDeferredWork { machine.drainQueue() }
        machine.isHandling = false
    }

    /// The end of a lane step when the event was ignored or the step made the machine a support object: what
    /// ``StateMachine/processInPlace(_:hint:)`` and ``StateMachine/processAndDrain(_:hint:idleWord:)`` do after the
    /// update — the ignored-event observers told, or the effects of the state left ended and the macrostep's sends
    /// and cancels performed; then the events queued meanwhile handled, and the machine idle again. Out of line:
    /// rare.
    @inlinable @inline(never)
    static func finishLaneStep(on event: Event, transitioned: Bool, in machine: StateMachine<Statechart>) {
        if !transitioned {
            _ = machine.ignore(event)
        } else {
            let kind: TransitionKind = machine._state._lastMacrostep.changedConfiguration ? .change : .update
            if kind == .change, let support = machine.unretainedSupport {
                support._withUnsafeGuaranteedRef { $0.effects?.leaveState() }
            }
            didUpdate(machine)
        }
        if machine.unretainedSupport != nil, machine.hasDeferredWork { machine.drainQueue() }
        machine.isHandling = false
    }
}
