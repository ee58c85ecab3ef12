/// What a ``MachineDefinition`` decided to do with an event: the next state, what kind of change it is,
/// and an action for the shell to perform once the state has changed.
@frozen
public struct TransitionDecision<State, Action> {
    /// The state after the transition.
    public var target: State
    /// Whether the machine leaves its state (exit and enter hooks run) or updates it in place.
    public var kind: TransitionKind
    /// Performed by the definition's ``MachineDefinition/didTransition(from:on:decision:in:)``.
    public var action: Action

    /// Creates a decision.
    @inlinable
    public init(target: State, kind: TransitionKind = .change, action: Action) {
        self.target = target
        self.kind = kind
        self.action = action
    }
}

extension TransitionDecision where Action == Void {
    /// Creates a decision with no action.
    @inlinable
    public init(target: State, kind: TransitionKind = .change) {
        self.init(target: target, kind: kind, action: ())
    }
}

/// Whether a transition leaves the current state or updates its value in place.
@frozen
public enum TransitionKind: Sendable, Hashable {
    /// The machine leaves its state and enters the target: exit and enter hooks run.
    case change
    /// The machine stays in the same state with a new value (say, a new progress figure):
    /// exit and enter hooks do not run; after-transition hooks and observers do.
    case update
}
