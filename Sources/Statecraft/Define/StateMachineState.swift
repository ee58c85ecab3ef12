/// A state type that decides its own transitions, with optional hooks around them.
///
/// Adopt it on an enum (or a struct wrapping one) whose values are the machine's states. ``next(for:)``
/// says what an event does in this state: move to another state, update this state's value in place, or
/// ignore the event. Hooks run around the change and receive the machine, so they can send follow-up
/// events — progress from a download, a completion, a retry:
///
/// | hook | called on | when |
/// | --- | --- | --- |
/// | ``willTransition(on:to:in:)`` | the old state | after the decision, before anything changes |
/// | ``didExit(to:in:)`` | the old state | for a change of state, not for an update in place |
/// | ``didEnter(from:in:)`` | the new state | for a change of state, and for the initial state at start |
/// | ``didTransition(on:from:in:)`` | the new state | after every transition, updates included |
///
/// ```swift
/// enum TrafficLight: StateMachineState {
///     case red, green, yellow
///     func next(for event: LightEvent) -> StateTransition<Self> {
///         switch self {
///         case .red: .to(.green)
///         case .green: .to(.yellow)
///         case .yellow: .to(.red)
///         }
///     }
/// }
/// let light = StateMachine(initialState: TrafficLight.red)
/// ```
///
/// Events sent from hooks are queued and handled after the current event completes.
public protocol StateMachineState {
    /// The events this state type handles.
    associatedtype Event

    /// The machine that runs this state type.
    typealias Machine = StateMachine<StateTypeDefinition<Self>>

    /// What `event` does in this state.
    func next(for event: Event) -> StateTransition<Self>

    /// Called on the old state once it has accepted `event`, before the machine changes state.
    func willTransition(on event: Event, to next: Self, in machine: Machine)

    /// Called on the old state when the machine leaves it (not for an update in place).
    func didExit(to next: Self, in machine: Machine)

    /// Called on the new state when the machine enters it (not for an update in place). `previous` is
    /// `nil` for the initial state, entered when the machine is created.
    func didEnter(from previous: Self?, in machine: Machine)

    /// Called on the new state after every transition, including updates in place.
    func didTransition(on event: Event, from previous: Self, in machine: Machine)
}

extension StateMachineState {
    /// Does nothing.
    @inlinable public func willTransition(on event: Event, to next: Self, in machine: Machine) {}
    /// Does nothing.
    @inlinable public func didExit(to next: Self, in machine: Machine) {}
    /// Does nothing.
    @inlinable public func didEnter(from previous: Self?, in machine: Machine) {}
    /// Does nothing.
    @inlinable public func didTransition(on event: Event, from previous: Self, in machine: Machine) {}
}

/// What an event does to a ``StateMachineState``.
@frozen
public enum StateTransition<State> {
    /// Leave this state and enter `state`: exit and enter hooks run.
    case to(State)
    /// Stay in this state with a new value — `.fetching(progress: 0.4)` to `.fetching(progress: 0.5)`:
    /// exit and enter hooks do not run; the after-transition hook and observers do.
    case update(State)
    /// Ignore the event: nothing changes and no hook runs.
    case ignore
}

extension StateTransition: Sendable where State: Sendable {}
extension StateTransition: Equatable where State: Equatable {}

/// The definition of a machine whose states decide their own transitions (see ``StateMachineState``).
public struct StateTypeDefinition<State: StateMachineState>: MachineDefinition {
    /// The state a machine starts in.
    public let initialState: State

    /// Creates a definition starting in `initialState`.
    @inlinable public init(initialState: State) { self.initialState = initialState }

    /// Not API: `true`, a state's `next(for:)` receives the event only, never the machine.
    @inlinable
    public static var _decidesPurely: Bool { true }

    /// Asks the state.
    @inlinable
    public func decide(state: State, event: State.Event) -> TransitionDecision<State, Void>? {
        switch state.next(for: event) {
        case .to(let next): return TransitionDecision(target: next, kind: .change)
        case .update(let next): return TransitionDecision(target: next, kind: .update)
        case .ignore: return nil
        }
    }

    /// Runs the old state's `willTransition` and, for a change of state, `didExit`.
    @inlinable
    public func willTransition(
        from state: State, on event: State.Event,
        decision: TransitionDecision<State, Void>, in machine: StateMachine<Self>
    ) {
        state.willTransition(on: event, to: decision.target, in: machine)
        if decision.kind == .change { state.didExit(to: decision.target, in: machine) }
    }

    /// Runs the new state's `didEnter` (for a change of state) and `didTransition`.
    @inlinable
    public func didTransition(
        from oldState: State, on event: State.Event,
        decision: TransitionDecision<State, Void>, in machine: StateMachine<Self>
    ) {
        let current = machine.state
        if decision.kind == .change { current.didEnter(from: oldState, in: machine) }
        current.didTransition(on: event, from: oldState, in: machine)
    }

    /// Runs the initial state's `didEnter`.
    @inlinable
    public func didStart(in machine: StateMachine<Self>) {
        machine.state.didEnter(from: nil, in: machine)
    }
}

extension StateTypeDefinition: Sendable where State: Sendable {}

extension StateMachine {
    /// Creates a machine whose states decide their own transitions.
    ///
    /// The initial state's ``StateMachineState/didEnter(from:in:)`` runs before this returns.
    public convenience init<S: StateMachineState>(initialState: S) where Definition == StateTypeDefinition<S> {
        self.init(definition: StateTypeDefinition(initialState: initialState), subject: ())
    }
}
