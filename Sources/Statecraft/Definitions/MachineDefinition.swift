/// The transition logic of a machine: what the runtime shell ``StateMachine`` runs.
///
/// Every way of defining a machine in Statecraft — a ``StateMachineSchema`` bound to a subject,
/// a ``TransitionFunction``, a state type adopting ``StateMachineState``, a ``GuardedStateMachine``,
/// the ready-made ``Loadable`` machine — is a `MachineDefinition`. The shell gives all of them the same
/// semantics: a run-to-completion event queue, `didTransition`, observers and ignored-event reports.
///
/// A definition splits handling an event in two:
/// 1. ``decide(state:event:)`` is pure: it looks at the current state and the event and returns a
///    ``TransitionDecision`` (the next state, whether it is a change of state or an update of the same
///    state, and an action), or `nil` when the event is ignored.
/// 2. The shell then performs the decision: ``willTransition(from:on:decision:in:)``, the state change,
///    ``didTransition(from:on:decision:in:)``, then `didTransition` and the observers.
///
/// Hooks may send further events with ``StateMachine/send(_:)``; those are queued and handled after the
/// current event completes.
///
/// Conforming types should mark their requirements `@inlinable` so that the shell's hot path is
/// specialised in the caller's module: that is what makes a Statecraft transition cost about as much as a
/// hand-written `switch`.
public protocol MachineDefinition {
    /// The states of the machine; cases may carry payloads.
    associatedtype State
    /// The events the machine handles; cases may carry payloads.
    associatedtype Event
    /// The value a machine is bound to and that actions receive (`Void` when there is none).
    associatedtype Subject = Void
    /// What a decision asks the shell to perform after the state has changed.
    associatedtype Action = Void

    /// The state a new machine starts in.
    var initialState: State { get }

    /// Decides how the machine reacts to `event` in `state`, without side effects.
    ///
    /// - Returns: The decision, or `nil` when the event is ignored in this state.
    func decide(state: State, event: Event) -> TransitionDecision<State, Action>?

    /// Called after a decision and before the state changes (pre-transition and exit hooks).
    func willTransition(
        from state: State, on event: Event,
        decision: TransitionDecision<State, Action>, in machine: StateMachine<Self>)

    /// Called after the state has changed and before observers hear of it (enter, action and
    /// post-transition hooks).
    func didTransition(
        from oldState: State, on event: Event,
        decision: TransitionDecision<State, Action>, in machine: StateMachine<Self>)

    /// Called once when a machine using this definition has been created, in its initial state.
    func didStart(in machine: StateMachine<Self>)

    /// Not API (a speed-only hook of the shell, as swift-nio marks such requirements): whether the shell
    /// handles events with ``_update(_:on:)`` instead of ``decide(state:event:)``.
    ///
    /// `false` by default. A definition whose state is large to copy — a chart's snapshot — returns
    /// `true` and implements ``_update(_:on:)``, ``_didUpdate(_:on:in:)`` and
    /// ``_stateForObservers(_:)``: the shell then always changes the machine's state where it is stored
    /// instead of deciding on a copy and assigning it. When `didTransition` or an observer needs the
    /// state from before the event, the shell keeps ``_stateForObservers(_:)`` of it for them.
    static var _updatesStateInPlace: Bool { get }

    /// Not API: handles `event` by changing `state` in place — the in-place form of
    /// ``decide(state:event:)`` followed by the transition hooks, called only when
    /// ``_updatesStateInPlace`` is `true`.
    ///
    /// Guards and actions run during the call, so code that reads the machine's `state` meanwhile sees
    /// the step in progress. The default implementation decides, assigns and runs no hook: a definition
    /// that opts in implements it with the same effects as its `decide` and hooks together.
    /// - Returns: The kind of transition taken, or `nil` when `event` is ignored; `state` must then be
    ///   left exactly as it was.
    func _update(_ state: inout State, on event: Event) -> TransitionKind?

    /// Not API: called after ``_update(_:on:)`` changed the machine's state, before observers hear of it
    /// and before the next queued event is handled: the in-place counterpart of
    /// ``didTransition(from:on:decision:in:)``. The machine's `state` is the new state.
    func _didUpdate(_ kind: TransitionKind, on event: Event, in machine: StateMachine<Self>)

    /// Not API: what observers of a definition that ``_updatesStateInPlace`` receive as the state from
    /// before an event, taken just before ``_update(_:on:)``; `state` itself by default. A chart gives
    /// its snapshot without the record of the macrostep that produced it, so that keeping it copies
    /// neither that record nor its buffers.
    func _stateForObservers(_ state: State) -> State

    /// Not API: keeps in `kept` what observers of a definition that ``_updatesStateInPlace`` receive as
    /// the state from before an event — ``_stateForObservers(_:)`` of `state` — just before
    /// ``_update(_:on:)``. `kept` is the machine's slot for it: `nil` the first time, then what was kept
    /// for the previous observed event, which a definition with a large state updates where it is
    /// (a chart assigns the few fields a step changes) instead of building a whole state and
    /// destroying it after each event. By default `kept` becomes ``_stateForObservers(_:)`` of `state`.
    /// `state` is the machine's state, `inout` only so that it is read where it is stored, not copied.
    func _keepStateForObservers(_ state: inout State, in kept: inout State?)

    /// Not API: the error that stopped the step that produced `state` before it settled — a chart's
    /// ``ChartLoopError`` — reported by ``StateMachine/send(_:)`` as ``EventOutcome/unsettled(_:)``.
    /// `nil` by default: a definition whose steps are always bounded has nothing to report.
    func _loopError(in state: State) -> ChartLoopError?

    /// Not API (a speed-only hook of the shell): a table that tells, for a state and an event of at most
    /// one byte each, the state the event leads to when the definition can tell without running user code
    /// and the transition is a change of state that runs no hook and no action —
    /// ``willTransition(from:on:decision:in:)`` and ``didTransition(from:on:decision:in:)`` would do nothing
    /// for it — or that the event is ignored. The shell then changes the state and notifies observers
    /// without calling into the definition.
    ///
    /// The default is `nil`: the shell then calls ``decide(state:event:)``, which must give the same
    /// answer for every pair the table answers. The shell reads the table only when `State` and `Event`
    /// are at most one byte each.
    var _transitionLookup: _TransitionLookup? { get }

    /// Not API: whether instances of this type may have a ``_transitionLookup``. `false` by default, so that
    /// the shell's lookup checks fold away at compile time for definitions that never have one.
    static var _mayHaveTransitionLookup: Bool { get }

    /// Not API: whether ``decide(state:event:)`` is pure in the strict sense the shell relies on to call it
    /// before marking the machine busy: it runs no user code that could send an event to the machine or
    /// add an observer. `true` by default, as the protocol promises; a definition that asks a delegate
    /// (``GuardedStateMachine``'s approver) returns `false`, and the machine is then busy while it decides,
    /// so that what the delegate sends is queued.
    static var _decidesPurely: Bool { get }

    /// Not API: called before a definition that ``_updatesStateInPlace`` handles `event` — a chart
    /// forwards it to the invocations that autoforward (SCXML 1.0 §6.4). Does nothing by default.
    func _willHandle(_ event: Event, in machine: StateMachine<Self>)

    /// Not API: what a definition that ``_updatesStateInPlace`` can tell about `event` in the idle `machine`'s
    /// current state without running user code (``_StepHint``), read before the machine marks itself busy.
    /// ``_StepHint/ignored`` means that the event is ignored and that nothing of the definition's own needs
    /// to hear of it: the shell then answers `false` without stepping when no ignored-event observer is
    /// attached. A hint other than ``_StepHint/unknown`` also says that ``_willHandle(_:in:)`` has nothing to
    /// do for `event`: the shell then skips it. ``_StepHint/unknown`` by default.
    func _stepHint(for event: Event, in machine: StateMachine<Self>) -> _StepHint

    /// Not API: called when `machine`, a machine running this definition, is deinitialised, for a definition
    /// to drop what its subject keeps for that machine (a chart's runtime, its scope box). `machine` must not
    /// escape the call. Does nothing by default.
    func _machineWillDeinit(_ machine: StateMachine<Self>)

    /// Not API: called at the end of every initializer of `machine`, a machine running this definition (once it
    /// started, or once its state is restored), for a definition to prepare what its lane assumes (a chart's
    /// machine claims its runtime's scope box, or takes a support object). `machine` must not escape the call.
    /// Does nothing by default.
    func _machineDidInitialize(_ machine: StateMachine<Self>)

    /// Not API: ``_update(_:on:)`` on `machine`'s state, with the hint ``_stepHint(for:in:)`` gave for `event`
    /// in `state` (or ``_StepHint/unknown``). Calls ``_update(_:on:)`` by default.
    func _update(_ state: inout State, on event: Event, hint: _StepHint, in machine: StateMachine<Self>)
        -> TransitionKind?

    /// Not API: whether ``StateMachine/handle(_:)`` and ``StateMachine/send(_:)`` ask the definition's lane
    /// (``_answerByLane(_:in:idleWord:)``) what to do with an event once the machine is known to be idle; `handle`
    /// then takes what the lane does not answer by the general path, out of line. `false` by default, so that the
    /// lane's checks fold away at compile time.
    static var _hasLane: Bool { get }

    /// Not API: for a definition that ``_hasLane``, takes the whole step of `event` — the state's update, the
    /// hooks, the observers and the events queued meanwhile — on the idle `machine` whose word is `idleWord`,
    /// when its lane found `event`'s plan at `planIndex`; returns whether the event caused a transition, or `nil`
    /// (nothing done) when observers need the state from before the event: the machine then takes its observed
    /// step with that hint. `nil` by default.
    func _takeLaneStep(_ event: Event, planIndex: Int, in machine: StateMachine<Self>, idleWord: UInt) -> Bool?

    /// Not API: for a definition that ``_hasLane``, what its lane answers for `event` on the idle `machine` whose
    /// word is `idleWord`: whether the event caused a transition once the step the lane starts is done, `false`
    /// for an event the lane finds ignored that no ignored-event observer hears, `nil` for the machine's general
    /// path. Held by the definition, so that a machine without a lane inlines nothing of it. `nil` by default.
    func _answerByLane(_ event: Event, in machine: StateMachine<Self>, idleWord: UInt) -> Bool?

    /// Not API: what ``StateMachine/handle(_:)`` does for a definition that ``_hasLane``
    /// (``StateMachine/_handleByLane(_:)`` by default). A requirement, so that `handle` holds one call for it
    /// whatever the definition: with the lane's two copies in its body, the optimiser stopped inlining the
    /// notification of other definitions' general path.
    func _handleByLane(_ event: Event, in machine: StateMachine<Self>) -> Bool
}

extension MachineDefinition {
    /// Does nothing.
    @inlinable
    public func willTransition(
        from state: State, on event: Event,
        decision: TransitionDecision<State, Action>, in machine: StateMachine<Self>
    ) {}

    /// Does nothing.
    @inlinable
    public func didTransition(
        from oldState: State, on event: Event,
        decision: TransitionDecision<State, Action>, in machine: StateMachine<Self>
    ) {}

    /// Does nothing.
    @inlinable
    public func didStart(in machine: StateMachine<Self>) {}

    /// `false`: the shell decides on a copy of the state and assigns the decision's target.
    @inlinable
    public static var _updatesStateInPlace: Bool { false }

    /// Decides with ``decide(state:event:)`` and assigns the target; runs no hook.
    @inlinable
    public func _update(_ state: inout State, on event: Event) -> TransitionKind? {
        guard let decision = decide(state: state, event: event) else { return nil }
        state = decision.target
        return decision.kind
    }

    /// Does nothing.
    @inlinable
    public func _didUpdate(_ kind: TransitionKind, on event: Event, in machine: StateMachine<Self>) {}

    /// `state` itself.
    @inlinable
    public func _stateForObservers(_ state: State) -> State { state }

    /// Assigns ``_stateForObservers(_:)`` of `state` to `kept`.
    @inlinable
    public func _keepStateForObservers(_ state: inout State, in kept: inout State?) {
        kept = _stateForObservers(state)
    }

    /// `nil`: the step settled.
    @inlinable
    public func _loopError(in state: State) -> ChartLoopError? { nil }

    /// `nil`: the shell asks ``decide(state:event:)``.
    @inlinable
    public var _transitionLookup: _TransitionLookup? { nil }

    /// `false`: the definition has no ``_transitionLookup``.
    @inlinable
    public static var _mayHaveTransitionLookup: Bool { false }

    /// `true`: ``decide(state:event:)`` is pure, as the protocol promises.
    @inlinable
    public static var _decidesPurely: Bool { true }

    /// Does nothing.
    @inlinable
    public func _willHandle(_ event: Event, in machine: StateMachine<Self>) {}

    /// Does nothing.
    @inlinable
    public func _machineWillDeinit(_ machine: StateMachine<Self>) {}

    /// Does nothing.
    @inlinable
    public func _machineDidInitialize(_ machine: StateMachine<Self>) {}

    /// ``_StepHint/unknown``.
    @inlinable
    public func _stepHint(for event: Event, in machine: StateMachine<Self>) -> _StepHint { .unknown }

    /// ``_update(_:on:)``, without the hint.
    @inlinable
    public func _update(_ state: inout State, on event: Event, hint: _StepHint, in machine: StateMachine<Self>)
        -> TransitionKind?
    {
        _update(&state, on: event)
    }

    /// `false`: the machine takes its general path.
    @inlinable
    public static var _hasLane: Bool { false }

    /// `nil`: the machine takes its general path.
    @inlinable
    public func _answerByLane(_ event: Event, in machine: StateMachine<Self>, idleWord: UInt) -> Bool? { nil }

    /// ``StateMachine/_handleByLane(_:)``.
    @inlinable @inline(__always)
    public func _handleByLane(_ event: Event, in machine: StateMachine<Self>) -> Bool { machine._handleByLane(event) }

    /// `nil`: the machine takes its ordinary step.
    @inlinable
    public func _takeLaneStep(_ event: Event, planIndex: Int, in machine: StateMachine<Self>, idleWord: UInt) -> Bool? {
        nil
    }
}
