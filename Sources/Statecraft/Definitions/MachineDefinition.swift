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
}
