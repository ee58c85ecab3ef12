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
        guard let kind = _update(&next, on: event) else { return nil }
        return TransitionDecision(target: next, kind: kind)
    }

    /// `true`: a chart's snapshot is stepped where the machine stores it, observed or not (see
    /// ``MachineDefinition/_updatesStateInPlace``).
    @inlinable public static var _updatesStateInPlace: Bool { true }

    /// One macrostep on the machine's snapshot, in place: the same step as ``decide(state:event:)``.
    ///
    /// - Returns: `.change` when states were exited or entered, `.update` when only targetless
    ///   transitions ran, `nil` when the event was ignored (the snapshot is left untouched).
    /// - Complexity: O(*n*) per microstep in the number of states of the chart.
    @inlinable public func _update(_ state: inout ChartSnapshot<StateID, Event, Context>, on event: Event)
        -> TransitionKind?
    {
        guard step(&state, event: event) else { return nil }
        return state._lastMacrostep.changedConfiguration ? .change : .update
    }

    /// Performs the sends and cancels of the macrostep ``_update(_:on:)`` took; cancels every delayed
    /// event once the chart has finished.
    @inlinable public func _didUpdate(_ kind: TransitionKind, on event: Event, in machine: StateMachine<Statechart>) {
        Self.didUpdate(machine)
    }

    /// ``_didUpdate(_:on:in:)``, static so that a caller without the chart at hand (a lane step) passes none.
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

    /// The snapshot from before an event, as observers receive it: the configuration, history values,
    /// context and end state, without the record of the macrostep that produced it (its
    /// ``ChartSnapshot/lastMacrostep`` is empty), so that keeping it copies no record and the machine's
    /// own record stays uniquely referenced and is reused.
    @inlinable public func _stateForObservers(_ state: ChartSnapshot<StateID, Event, Context>)
        -> ChartSnapshot<StateID, Event, Context>
    {
        state.withoutRecord()
    }

    /// Keeps ``_stateForObservers(_:)`` of `state` in `kept`: the first time by building it, afterwards
    /// by assigning the fields a step changes (configuration, history values, context, end state) to the
    /// snapshot kept for the previous event, which shares `state`'s tables. No whole snapshot is copied
    /// or destroyed per event (that goes through the snapshot type's value witnesses: about 300
    /// instructions).
    @inlinable public func _keepStateForObservers(
        _ state: inout ChartSnapshot<StateID, Event, Context>, in kept: inout ChartSnapshot<StateID, Event, Context>?
    ) {
        Self.keepStateForObservers(&state, in: &kept)
    }

    /// ``_keepStateForObservers(_:in:)``, static so that a caller without the chart at hand (a lane step) passes
    /// none.
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
    /// was copied (about 300 instructions). Specialised in the caller's module, out of line: unspecialised, a
    /// macrostep with a send and a cancel cost about 9,000 instructions more, looking up generic metadata.
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

    /// Forwards `event` to the invocations that autoforward, before the chart handles it (SCXML 1.0 §6.4).
    @inlinable public func _willHandle(_ event: Event, in machine: StateMachine<Statechart>) {
        if machine.subject._autoforwards { machine.subject.autoforward(event) }
    }

    /// The position of `event`'s microstep plan in the machine's configuration (``ChartMicrostepPlans``), or
    /// ``_StepHint/ignored`` when that plan says no transition handles the event there (guarded or not) and
    /// no invocation autoforwards it: the machine then answers `false` without stepping, as the step would.
    /// ``_StepHint/unknown`` without a plan.
    @inlinable public func _stepHint(for event: Event, in machine: StateMachine<Statechart>) -> _StepHint {
        if machine.subject._autoforwards { return .unknown }
        guard
            let (plans, index) = tables.microstepPlan(
                for: event, rowStart: machine._state.planRowStart, active: machine._state.active)
        else { return .unknown }
        return plans.plans[index].kind == .ignored ? .ignored : _StepHint(rawValue: index)
    }

    /// ``_update(_:on:)`` with the position of `event`'s plan (``_stepHint(for:in:)``) when it is known, and
    /// the scope box `machine`'s runtime keeps for its steps (``ChartRuntime``).
    @inlinable @inline(__always) public func _update(
        _ state: inout ChartSnapshot<StateID, Event, Context>, on event: Event, hint: _StepHint,
        in machine: StateMachine<Statechart>
    ) -> TransitionKind? {
        Self.update(
            &state, on: event, hint: hint, in: machine, tables: tables, tracing: isTracing,
            takesActionPlansInline: takesActionPlansInline, bound: macrostepBound)
    }

    /// ``_update(_:on:hint:in:)`` with the chart's fields passed apart, static so that a caller without the chart at
    /// hand (a lane step) passes no copy of it.
    @inlinable @inline(__always) static func update(
        _ state: inout ChartSnapshot<StateID, Event, Context>, on event: Event, hint: _StepHint,
        in machine: StateMachine<Statechart>, tables: ChartTables<StateID, Event, Context>, tracing isTracing: Bool,
        takesActionPlansInline: Bool, bound macrostepBound: Int
    ) -> TransitionKind? {
        if hint == .ignored { return nil }
        // A planned step that only runs actions, taken here without an interpreter (the same functions run it),
        // by the machine that owns its runtime's scope box: inline in a traced chart (the default), out of line
        // in an untraced one, so that the traced step's inlined code holds no test of the tracing. A machine
        // holding its runtime's lane ticket (`ChartRuntime._laneTicket`) is known to be the first case by one test.
        let runtime = machine.subject
        let owner = UInt(bitPattern: ObjectIdentifier(machine))
        if hint.rawValue >= 0, runtime._laneTicket == owner {
            // The ticket says it in one test: traced, plans taken inline, the box is this machine's.
            let box = Unmanaged.passUnretained(
                unsafeDowncast(runtime._scopeBox.unsafelyUnwrapped, to: ChartScopeBox<StateID, Event>.self))
            if ChartInterpreter.takePlannedMacrostep(
                stepping: &state, event: event, planIndex: hint.rawValue, scopeBox: box, tracing: true,
                bound: macrostepBound)
            {
                return state._lastMacrostep.changedConfiguration ? .change : .update
            }
        } else if hint.rawValue >= 0, takesActionPlansInline, runtime._scopeBoxOwner == owner {
            let box = Unmanaged.passUnretained(
                unsafeDowncast(runtime._scopeBox.unsafelyUnwrapped, to: ChartScopeBox<StateID, Event>.self))
            if isTracing
                ? ChartInterpreter.takePlannedMacrostep(
                    stepping: &state, event: event, planIndex: hint.rawValue, scopeBox: box, tracing: true,
                    bound: macrostepBound)
                : Self.takeUntracedPlannedMacrostep(
                    stepping: &state, event: event, planIndex: hint.rawValue, scopeBox: box, bound: macrostepBound)
            {
                return state._lastMacrostep.changedConfiguration ? .change : .update
            }
        }
        guard
            Self.stepOutOfLine(
                &state, event: event, planIndex: hint.rawValue,
                scopeBox: scopeBox(
                    of: machine, tables: tables, tracing: isTracing, takesActionPlansInline: takesActionPlansInline),
                tables: tables,
                tracing: isTracing, bound: macrostepBound)
        else { return nil }
        return state._lastMacrostep.changedConfiguration ? .change : .update
    }

    /// ``ChartInterpreter/takePlannedMacrostep(stepping:event:planIndex:scopeBox:tracing:bound:)`` for an untraced
    /// chart, out of line.
    @inlinable @inline(never)
    static func takeUntracedPlannedMacrostep(
        stepping state: UnsafeMutablePointer<ChartSnapshot<StateID, Event, Context>>, event: Event, planIndex: Int,
        scopeBox: Unmanaged<ChartScopeBox<StateID, Event>>, bound: Int
    ) -> Bool {
        ChartInterpreter.takePlannedMacrostep(
            stepping: state, event: event, planIndex: planIndex, scopeBox: scopeBox, tracing: false, bound: bound)
    }

    /// ``step(_:event:planIndex:scopeBox:)``, kept out of line so that the planned macrostep
    /// ``_update(_:on:hint:in:)`` takes without an interpreter is all its caller's loop holds; static, with the
    /// chart's fields passed apart, so that the caller copies no chart for the call.
    ///
    /// A ``ChartMicrostepPlan/Kind/guarded`` plan, in a chart that takes its plans inline
    /// (``takesActionPlansInline``), has its guards evaluated without an interpreter
    /// (``ChartInterpreter/takeGuardedMacrostep(stepping:event:planIndex:scopeBox:tracing:bound:)``).
    @inlinable @inline(never)
    static func stepOutOfLine(
        _ state: inout ChartSnapshot<StateID, Event, Context>, event: Event, planIndex: Int,
        scopeBox: Unmanaged<ChartScopeBox<StateID, Event>>?, tables: ChartTables<StateID, Event, Context>,
        tracing: Bool, bound: Int
    ) -> Bool {
        if planIndex >= 0, let scopeBox, !state.isFinished, takesActionPlansInline(tables, bound),
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

    /// The scope box `machine`'s runtime keeps for its steps, made now if it has none; `nil` when the runtime
    /// is shared with another machine that owns its box.
    @inlinable @inline(__always)
    static func scopeBox(
        of machine: StateMachine<Statechart>, tables: ChartTables<StateID, Event, Context>, tracing isTracing: Bool,
        takesActionPlansInline: Bool
    ) -> Unmanaged<ChartScopeBox<StateID, Event>>? {
        let runtime = machine.subject
        // The owner is alive (it is `machine`): its box was made for this chart, whose types are the box's.
        if runtime._scopeBoxOwner == UInt(bitPattern: ObjectIdentifier(machine)) {
            return Unmanaged.passUnretained(
                unsafeDowncast(runtime._scopeBox.unsafelyUnwrapped, to: ChartScopeBox<StateID, Event>.self))
        }
        return claimScopeBox(
            of: machine, tables: tables, takesLaneSteps: isTracing && takesActionPlansInline)
    }

    /// ``scopeBox(of:)`` when the runtime's box is not `machine`'s: a runtime without an owner is claimed with a
    /// new box for a chart of `tables`, whose planned steps `machine` then takes by its lane when
    /// `takesLaneSteps` (``ChartRuntime/_ownerTakesLaneSteps``); `nil` when another machine owns it. Static, so
    /// that an inlined caller passes no copy of the chart to it.
    @usableFromInline @inline(never)
    static func claimScopeBox(
        of machine: StateMachine<Statechart>, tables: ChartTables<StateID, Event, Context>, takesLaneSteps: Bool
    ) -> Unmanaged<ChartScopeBox<StateID, Event>>? {
        let runtime = machine.subject
        if runtime._scopeBoxOwner != 0 { return nil }
        let box = ChartScopeBox<StateID, Event>(
            scope: ChartScope(signal: nil, states: tables.stateLookup, configuration: machine._state.active))
        runtime._scopeBox = box
        runtime._ownerTakesLaneSteps = takesLaneSteps
        runtime._scopeBoxOwner = UInt(bitPattern: ObjectIdentifier(machine))
        return Unmanaged.passUnretained(box)
    }

    /// Prepares what the lane assumes of a machine without a support object whose chart lets it take planned steps
    /// by its lane (traced, action plans taken inline): that it holds its runtime's lane ticket
    /// (``ChartRuntime/_laneTicket``), so that the lane takes those steps without testing the ticket. `machine`
    /// claims its runtime's scope box if nobody owns it yet, which gives it the ticket; a machine that does not
    /// hold the ticket then (another machine owns the box) takes a support object, and so the lane's copy that
    /// tests the ticket. The ticket, once held, stays while the machine lives: the owner's box is released only by
    /// its deinitialisation, and an invocation that autoforwards gives its machine a support object first
    /// (``ChartRuntime/startPendingInvocations(in:)``).
    public func _machineDidInitialize(_ machine: StateMachine<Statechart>) {
        guard tables.microstepPlans != nil, isTracing, takesActionPlansInline else { return }
        _ = Self.scopeBox(
            of: machine, tables: tables, tracing: isTracing, takesActionPlansInline: takesActionPlansInline)
        if machine.subject._laneTicket != UInt(bitPattern: ObjectIdentifier(machine)) { _ = machine.makeSupport() }
    }

    /// Releases the runtime's scope box when `machine` owns it, so that the runtime, if it outlives the
    /// machine, serves the next machine that steps with it.
    @inlinable public func _machineWillDeinit(_ machine: StateMachine<Statechart>) {
        let runtime = machine.subject
        if runtime._scopeBoxOwner == UInt(bitPattern: ObjectIdentifier(machine)) {
            runtime._scopeBoxOwner = 0
            runtime._ownerTakesLaneSteps = false
            runtime._scopeBox = nil
        }
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
