extension Statechart: MachineDefinition {
    /// A chart machine's state: the chart's snapshot.
    public typealias State = ChartSnapshot<StateID, Event, Context>
    /// A chart machine's subject: the runtime performing its sends and cancels.
    public typealias Subject = ChartRuntime

    /// The snapshot after the chart's first macrostep (``start(context:)``).
    public var initialState: ChartSnapshot<StateID, Event, Context> { start() }

    /// One macrostep (``step(_:on:)``): a change when states were exited or entered, an update when
    /// only targetless transitions ran; `nil` when the event was ignored.
    ///
    /// - Complexity: O(*n*) per microstep in the number of states of the chart.
    @inlinable public func decide(state: ChartSnapshot<StateID, Event, Context>, event: Event)
        -> TransitionDecision<ChartSnapshot<StateID, Event, Context>, Void>?
    {
        var next = state
        guard step(&next, event: event) else { return nil }
        return TransitionDecision(target: next, kind: next._lastMacrostep.changedConfiguration ? .change : .update)
    }

    /// `true`: a chart's snapshot is stepped where the machine stores it, observed or not (see
    /// `MachineDefinition._updatesStateInPlace`).
    @inlinable public static var _updatesStateInPlace: Bool { true }

    /// Performs the sends and cancels of the macrostep ``_update(_:on:preview:in:)`` took; cancels every delayed
    /// event once the chart has finished.
    @inlinable @inline(__always)
    public func _didUpdate(_ kind: TransitionKind, on event: Event, in machine: StateMachine<Statechart>) {
        Self.didUpdate(machine)
    }

    /// ``_didUpdate(_:on:in:)``, static so that no chart is copied for it.
    @inlinable @inline(__always) static func didUpdate(_ machine: StateMachine<Statechart>) {
        // Reads the stored snapshot's fields in place: passing it whole would copy it. A macrostep recorded as one
        // planned microstep did not finish the chart, and has effects only when it says so.
        if machine._state._lastMacrostep.plannedMicrostep >= 0 {
            if machine._state._lastMacrostep.plannedEffects == .none { return }
        } else if machine._state._lastMacrostep.hasNoEffects && !machine._state.isFinished {
            return
        }
        performEffects(in: machine)
    }

    /// Keeps the snapshot from before an event for observers in `kept`: its configuration, history values,
    /// context and end state, without the record of the macrostep that produced it (its
    /// ``ChartSnapshot/lastMacrostep`` is empty), so that keeping it copies no record and the machine's own
    /// record stays uniquely referenced and is reused. The first time by building it, afterwards
    /// by assigning the fields a step changes (configuration, history values, context, end state) to the
    /// snapshot kept for the previous event, which shares `state`'s tables. No whole snapshot is copied
    /// or destroyed per event (that goes through the snapshot type's value witnesses).
    @inlinable @inline(__always) public func _keepStateForObservers(
        _ state: inout ChartSnapshot<StateID, Event, Context>, in kept: inout ChartSnapshot<StateID, Event, Context>?
    ) {
        Self.keepStateForObservers(&state, in: &kept)
    }

    /// `_keepStateForObservers(_:in:)`, static so that no chart is copied for it.
    @inlinable @inline(__always) static func keepStateForObservers(
        _ state: inout ChartSnapshot<StateID, Event, Context>, in kept: inout ChartSnapshot<StateID, Event, Context>?
    ) {
        if kept == nil {
            kept = state.withoutRecord()
        } else {
            kept!.keepConfiguration(of: &state)
        }
    }

    /// The ``ChartLoopError`` of the macrostep that produced `state`, if it stopped at
    /// ``Statechart/macrostepBound``.
    @inlinable public func _loopError(in state: ChartSnapshot<StateID, Event, Context>) -> ChartLoopError? {
        state._lastMacrostep.loopError
    }

    /// Performs the sends and cancels of the first macrostep.
    public func didStart(in machine: StateMachine<Statechart>) {
        Self.performEffects(in: machine)
    }

    /// Performs the sends and cancels of the macrostep; cancels every delayed event once the chart
    /// has finished.
    @inlinable public func didTransition(
        from oldState: ChartSnapshot<StateID, Event, Context>, on event: Event,
        decision: TransitionDecision<ChartSnapshot<StateID, Event, Context>, Void>, in machine: StateMachine<Statechart>
    ) {
        if decision.target._lastMacrostep.hasNoEffects && !decision.target.isFinished { return }
        Self.performEffects(of: decision.target, in: machine)
    }

    /// Performs the sends and cancels `snapshot`'s macrostep recorded, and ends a finished chart's delayed
    /// events. Static, so that an inlined caller passes no copy of the chart to it.
    @inlinable static func performEffects(
        of snapshot: ChartSnapshot<StateID, Event, Context>, in machine: StateMachine<Statechart>
    ) {
        performEffects(snapshot.lastMacrostep.effects, finished: snapshot.isFinished, in: machine) { snapshot.context }
    }

    /// ``performEffects(of:in:)`` for the snapshot `machine` holds, read where it is stored: passed whole, it
    /// was copied through its value witnesses. Specialised in the caller's module, out of line: unspecialised, a
    /// macrostep with a send and a cancel looked up generic metadata many times.
    @inlinable @inline(never) static func performEffects(in machine: StateMachine<Statechart>) {
        if machine._state._lastMacrostep.plannedMicrostep >= 0, machine._state._lastMacrostep.plannedEffects == .inPlan
        {
            // The plan's timers, read from the plan: no list of effects is made.
            return ChartRuntime.performPlannedTimers(in: machine)
        }
        performEffects(
            machine._state._lastMacrostep.recordedEffects, finished: machine._state.isFinished, in: machine
        ) { machine._state.context }
    }

    /// Performs `effects`, then, when the chart has `finished`, cancels every delayed event and tells the
    /// runtime the chart's final `context`.
    @inlinable @inline(__always) static func performEffects(
        _ effects: [ChartEffect<Event>], finished: Bool, in machine: StateMachine<Statechart>,
        context: () -> Context
    ) {
        if !effects.isEmpty { machine.subject.perform(effects, in: machine) }
        if finished {
            machine.cancelAllDelayedEvents()
            machine.subject.didFinish(context: context())
        }
    }

    /// Each machine's box of the scope its steps hand to guards and actions (``ChartScopeBox``): a machine's
    /// steps never overlap (events sent during one are queued), so they share one box without checking that
    /// the snapshot holds the only reference to one, as a pure step does.
    public typealias _Stepper = _ChartStepper<StateID, Event>

    /// A stepper whose box shows `state`'s configuration.
    public func _makeStepper(startingIn state: ChartSnapshot<StateID, Event, Context>) -> _ChartStepper<StateID, Event>
    {
        _ChartStepper(
            box: ChartScopeBox(scope: ChartScope(signal: nil, states: tables.stateLookup, configuration: state.active)))
    }

    /// The position of `event`'s microstep plan in the machine's configuration (``ChartMicrostepPlans``), or
    /// ``_StepPreview/ignored`` when that plan says no transition handles the event there (guarded or not);
    /// ``_StepPreview/unknown`` without a plan, and while an invocation autoforwards events (SCXML 1.0 §6.4:
    /// the step forwards them first).
    ///
    /// Inline, for a snapshot that keeps its row of the plans (``ChartSnapshot/planRowStart``, which every
    /// planned step leaves): the plan is the row's start plus the event's column, so finding it tests nothing
    /// but its kind. Out of line otherwise (``previewWithoutRow(of:in:)``). Invocations run only in a machine
    /// something is attached to: one with `nothingAttached` needs no test of them.
    @inlinable @inline(__always)
    public func _preview(
        of event: Event, in machine: StateMachine<Statechart>, nothingAttached: Bool
    ) -> _StepPreview {
        guard _isPOD(Event.self), MemoryLayout<Event>.size <= 1 else { return .unknown }
        assert(
            !nothingAttached || !machine.subject._autoforwards,
            "Internal inconsistency: an invocation autoforwards in a machine nothing is attached to")
        let rowStart = machine._state.planRowStart
        guard rowStart >= 0, nothingAttached || !machine.subject._autoforwards else {
            return previewWithoutRow(of: event, in: machine)
        }
        // A snapshot keeps a row only from the plans of its chart (`enterNextConfiguration(of:stepping:)`), and a
        // machine's snapshot is always of its definition's chart: no test for the plans.
        assert(tables.microstepPlans != nil, "Internal inconsistency: a plan row in a chart without plans")
        let plans = tables.microstepPlans.unsafelyUnwrapped
        let column = plans.columns[Int(_TransitionLookup.byte(of: event))]
        // In 32 bits (a chart has few plans: `ChartMicrostepPlans.planLimit`), so that the optimizer knows the
        // position is not negative.
        let index = Int(UInt32(truncatingIfNeeded: rowStart) &+ UInt32(column))
        switch plans.plans[index].kind {
        case .ignored: return .ignored
        case .unplanned: return .unknown
        case .planned, .guarded: return .plan(at: index)
        }
    }

    /// `_preview(of:in:nothingAttached:)` for a snapshot without a row of the plans (just made or restored, or after a step the
    /// interpreter took) or while an invocation autoforwards events: the plan found from the configuration.
    @inlinable @inline(never)
    func previewWithoutRow(of event: Event, in machine: StateMachine<Statechart>) -> _StepPreview {
        if machine.subject._autoforwards { return .unknown }
        guard
            let (plans, index) = tables.microstepPlan(
                for: event, rowStart: machine._state.planRowStart, active: machine._state.active)
        else { return .unknown }
        return plans.plans[index].kind == .ignored ? .ignored : .plan(at: index)
    }

    /// One macrostep on the machine's snapshot, in place: the same step as ``decide(state:event:)``, with the
    /// machine's scope box (``_Stepper``) and the position of `event`'s plan when `_preview(of:in:nothingAttached:)` found it.
    /// A step with an unknown preview first forwards `event` to the invocations that autoforward (SCXML 1.0 §6.4).
    ///
    /// A planned step that only runs actions is taken without an interpreter (the same functions run it): inline
    /// for a plan with one action in a traced chart (the default), out of line otherwise. Any other step is taken
    /// out of line.
    ///
    /// - Returns: `.change` when states were exited or entered, `.update` when only targetless
    ///   transitions ran, `nil` when the event was ignored (the snapshot is left untouched).
    /// - Complexity: O(*n*) per microstep in the number of states of the chart.
    @inlinable @inline(__always) public func _update(
        _ state: inout ChartSnapshot<StateID, Event, Context>, on event: Event, preview: _StepPreview,
        in machine: StateMachine<Statechart>
    ) -> TransitionKind? {
        let position = preview.planPosition
        if position < 0 {
            if preview == .ignored { return nil }
            if machine.subject._autoforwards { machine.subject.autoforward(event) }
        }
        let box = Unmanaged.passUnretained(machine.stepper.box)
        if position >= 0 {
            let plan = tables.microstepPlans.unsafelyUnwrapped.plans + position
            // The common transition of a flat chart: a plan whose sole action is called inline. Plans that list
            // none or several, and an untraced chart's, out of line.
            // A plan that lists actions has an `actionStart`: no test of it.
            if takesTracedActionPlansInline, plan.pointee.actionCount == 1, state._lastMacrostep.canRecordPlanned {
                ChartInterpreter.takeCheckedPlannedMacrostep(
                    stepping: &state, event: event, plan: plan, index: position, scopeBox: box, soleAction: true,
                    tracing: true, bound: macrostepBound)
                return state._lastMacrostep.changedConfiguration ? .change : .update
            }
            // A plan without actions (a guarded plan lists none) is the interpreter's: no call to find that out.
            if takesActionPlansInline, plan.pointee.actionStart >= 0,
                Self.takePlannedMacrostepOutOfLine(
                    stepping: &state, event: event, planIndex: position, scopeBox: box, tracing: isTracing,
                    bound: macrostepBound)
            {
                return state._lastMacrostep.changedConfiguration ? .change : .update
            }
        }
        guard
            Self.stepOutOfLine(
                &state, event: event, planIndex: position, scopeBox: box, tables: tables, tracing: isTracing,
                bound: macrostepBound)
        else { return nil }
        return state._lastMacrostep.changedConfiguration ? .change : .update
    }

    /// ``ChartInterpreter/takePlannedMacrostep(stepping:event:planIndex:scopeBox:tracing:bound:)``, out of line: for
    /// a plan that lists no action or several, or an untraced chart's.
    @inlinable @inline(never)
    static func takePlannedMacrostepOutOfLine(
        stepping state: UnsafeMutablePointer<ChartSnapshot<StateID, Event, Context>>, event: Event, planIndex: Int,
        scopeBox: Unmanaged<ChartScopeBox<StateID, Event>>, tracing: Bool, bound: Int
    ) -> Bool {
        tracing
            ? ChartInterpreter.takePlannedMacrostep(
                stepping: state, event: event, planIndex: planIndex, scopeBox: scopeBox, tracing: true, bound: bound)
            : ChartInterpreter.takePlannedMacrostep(
                stepping: state, event: event, planIndex: planIndex, scopeBox: scopeBox, tracing: false, bound: bound)
    }

    /// ``step(_:event:planIndex:scopeBox:)``, kept out of line so that the planned macrostep
    /// ``_update(_:on:preview:in:)`` takes without an interpreter is all its caller's loop holds; static, with the
    /// chart's fields passed apart, so that the caller copies no chart for the call.
    ///
    /// A ``ChartMicrostepPlan/Kind/guarded`` plan, in a chart that takes its plans inline
    /// (``takesActionPlansInline``), has its guards evaluated without an interpreter
    /// (``ChartInterpreter/takeGuardedMacrostep(stepping:event:planIndex:scopeBox:tracing:bound:)``).
    @inlinable @inline(never)
    static func stepOutOfLine(
        _ state: inout ChartSnapshot<StateID, Event, Context>, event: Event, planIndex: Int,
        scopeBox: Unmanaged<ChartScopeBox<StateID, Event>>, tables: ChartTables<StateID, Event, Context>,
        tracing: Bool, bound: Int
    ) -> Bool {
        if planIndex >= 0, !state.isFinished, takesActionPlansInline(tables, bound),
            tables.microstepPlans.unsafelyUnwrapped.plans[planIndex].kind == .guarded
        {
            return ChartInterpreter.takeGuardedMacrostep(
                stepping: &state, event: event, planIndex: planIndex, scopeBox: scopeBox, tracing: tracing, bound: bound
            )
        }
        return step(
            &state, event: event, planIndex: planIndex, scopeBox: scopeBox, tables: tables, tracing: tracing,
            bound: bound)
    }

    /// The same chart with another initial context.
    ///
    /// - Parameter context: The extended state machines of the new chart start with.
    /// - Returns: A chart sharing this one's tables.
    public func withInitialContext(_ context: Context) -> Statechart {
        var copy = self
        copy.initialContext = context
        return copy
    }
}

extension StateMachine {
    /// Creates a machine running `chart`: it enters the chart's initial configuration and runs its
    /// first macrostep before the initializer returns.
    ///
    /// Delayed events (``AfterDelay``, ``ChartScope/send(_:after:id:)``) run on the clock of
    /// ``StateMachine/run(clock:isolation:)``, on the caller's isolation — `ContinuousClock` in an app,
    /// `ManualClock` (module `StatecraftTesting`) in tests — and wait while no run loop runs:
    ///
    /// ```swift
    /// @MainActor final class PlayerModel {
    ///     let machine = StateMachine(chart: playerChart)
    ///     func start() -> Task<Void, Never> { Task { await machine.run(clock: ContinuousClock()) } }
    /// }
    /// ```
    ///
    /// A delayed event survives changes of state: only ``ChartScope/cancel(id:)`` (and the exit of the
    /// state owning an ``AfterDelay``) drops it (SCXML 1.0 §6.2, §6.3), as for every
    /// ``StateMachine/send(_:after:id:)``.
    ///
    /// - Parameters:
    ///   - chart: The chart to run.
    ///   - context: The extended state to start with; `nil` uses the chart's initial context.
    public convenience init<StateID, Event, Context>(
        chart: Statechart<StateID, Event, Context>, context: Context? = nil
    ) where Definition == Statechart<StateID, Event, Context> {
        let definition = context.map { chart.withInitialContext($0) } ?? chart
        self.init(definition: definition, subject: ChartRuntime())
    }
}
