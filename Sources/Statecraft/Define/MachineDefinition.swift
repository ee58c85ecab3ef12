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

    /// Not API, behaviour: the error that stopped the step that produced `state` before it settled — a chart's
    /// ``ChartLoopError`` — reported by ``StateMachine/send(_:)`` as ``EventOutcome/unsettled(_:)``.
    /// `nil` by default: a definition whose steps are always bounded has nothing to report.
    func _loopError(in state: State) -> ChartLoopError?

    // The speed hooks (not API; a leading `_`, as swift-nio marks such requirements). Each speeds up one
    // operation of the shell's lifecycle (`StateMachine+Lifecycle.swift`), and each default is that operation
    // done the plain way.

    /// Speed hook 1, *deciding by a table*: for a state and an event of at most one byte each, the state the
    /// event leads to when the definition can tell without running user code and the transition is a change of
    /// state whose hooks do nothing, or that the event is ignored. The shell then changes the state and notifies
    /// observers without calling into the definition.
    ///
    /// The default is `nil`: the shell calls ``decide(state:event:)``, which must give the same answer for every
    /// pair the table answers. ``_mayHaveTransitionLookup`` says at compile time whether a type may have one.
    var _transitionLookup: _TransitionLookup? { get }

    /// Part of speed hook 1: whether instances of this type may have a ``_transitionLookup``. `false` by default,
    /// so that the shell's lookup checks fold away at compile time for definitions that never have one.
    static var _mayHaveTransitionLookup: Bool { get }

    /// Speed hook 2, *stepping in place*: whether the shell steps events with ``_update(_:on:preview:in:)`` on
    /// the state where the machine stores it, instead of deciding on a copy and assigning the target. `false` by
    /// default. A definition whose state is large to copy — a chart's snapshot — returns `true`.
    static var _updatesStateInPlace: Bool { get }

    /// Part of speed hook 2: handles `event` by changing `state` in place — the in-place form of
    /// ``decide(state:event:)`` followed by the transition hooks, called only when `_updatesStateInPlace`.
    /// Guards and actions run during the call, so code that reads the machine's `state` meanwhile sees the step
    /// in progress. The default decides and assigns, running no hook.
    ///
    /// - Parameter preview: What `_preview(of:in:nothingAttached:)` told of `event` before the machine marked itself busy, or
    ///   ``_StepPreview/unknown``.
    /// - Returns: The kind of transition taken, or `nil` when `event` is ignored; `state` must then be left
    ///   exactly as it was.
    func _update(_ state: inout State, on event: Event, preview: _StepPreview, in machine: StateMachine<Self>)
        -> TransitionKind?

    /// Part of speed hook 2: called after ``_update(_:on:preview:in:)`` changed the machine's state (and the
    /// old state's effects ended), before observers hear of it: the in-place counterpart of
    /// ``didTransition(from:on:decision:in:)``. Does nothing by default.
    func _didUpdate(_ kind: TransitionKind, on event: Event, in machine: StateMachine<Self>)

    /// Speed hook 3, *answering before stepping*: what a definition that `_updatesStateInPlace` can tell about
    /// `event` in the idle `machine`'s state without running user code. ``_StepPreview/ignored`` means that the
    /// event is ignored and that nothing of the definition's own needs to hear of it: the shell then answers
    /// without stepping when no ignored-event observer is attached. ``_StepPreview/unknown`` by default: the
    /// step finds out for itself.
    ///
    /// - Parameter nothingAttached: `true` when nothing is attached to `machine` — no observer, effect, queued
    ///   event or invocation —, so that nothing of the machine's but the definition can need to hear `event`.
    func _preview(of event: Event, in machine: StateMachine<Self>, nothingAttached: Bool) -> _StepPreview

    /// Part of speed hook 3: whether ``decide(state:event:)`` may be called before the machine marks itself
    /// busy — it runs no user code that could send the machine an event or attach anything to it — so that an
    /// ignored event nobody hears ends without the machine marking itself busy at all. `false` by default: the
    /// machine is busy while the definition decides. The library's definitions that decide from their own
    /// tables and closures return `true`; ``GuardedStateMachine``, which asks a delegate, does not.
    static var _decidesPurely: Bool { get }

    /// Speed hook 4, *keeping the state observers receive*: keeps in `kept` what observers of a definition that
    /// `_updatesStateInPlace` receive as the state from before an event, just before
    /// ``_update(_:on:preview:in:)``. `kept` is the machine's slot for it: `nil` the first time, then what was
    /// kept for the previous observed event, which a definition with a large state may update where it is (a
    /// chart assigns the few fields a step changes). By default `kept` becomes `state`. `state` is the machine's
    /// state, `inout` only so that it is read where it is stored, not copied.
    func _keepStateForObservers(_ state: inout State, in kept: inout State?)

    /// Speed hook 5, *a stepper per machine*: what a machine's steps reuse from one event to the next — a
    /// chart's box of the scope its guards and actions receive. `Void` by default.
    associatedtype _Stepper = Void

    /// Part of speed hook 5: the stepper of a new machine that starts in `state`. Made by the machine's
    /// initializer and kept by it alone (``StateMachine``'s `stepper`), so that ownership follows from
    /// construction: no step checks which machine a stepper belongs to.
    func _makeStepper(startingIn state: State) -> _Stepper
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

    /// `nil`: the step settled.
    @inlinable
    public func _loopError(in state: State) -> ChartLoopError? { nil }

    /// `nil`: the shell asks ``decide(state:event:)``.
    @inlinable
    public var _transitionLookup: _TransitionLookup? { nil }

    /// `false`: the definition has no ``_transitionLookup``.
    @inlinable
    public static var _mayHaveTransitionLookup: Bool { false }

    /// `false`: the shell decides on a copy of the state and assigns the decision's target.
    @inlinable
    public static var _updatesStateInPlace: Bool { false }

    /// Decides with ``decide(state:event:)`` and assigns the target; runs no hook.
    @inlinable
    public func _update(_ state: inout State, on event: Event, preview: _StepPreview, in machine: StateMachine<Self>)
        -> TransitionKind?
    {
        guard let decision = decide(state: state, event: event) else { return nil }
        state = decision.target
        return decision.kind
    }

    /// Does nothing.
    @inlinable
    public func _didUpdate(_ kind: TransitionKind, on event: Event, in machine: StateMachine<Self>) {}

    /// ``_StepPreview/unknown``: the step finds out for itself.
    @inlinable
    public func _preview(of event: Event, in machine: StateMachine<Self>, nothingAttached: Bool) -> _StepPreview {
        .unknown
    }

    /// `false`: the machine is busy while the definition decides.
    @inlinable
    public static var _decidesPurely: Bool { false }

    /// Assigns `state` to `kept`.
    @inlinable
    public func _keepStateForObservers(_ state: inout State, in kept: inout State?) {
        kept = state
    }
}

extension MachineDefinition where _Stepper == Void {
    /// Nothing: the steps reuse nothing.
    @inlinable
    public func _makeStepper(startingIn state: State) {}
}
