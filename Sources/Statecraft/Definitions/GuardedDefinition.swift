/// The definition behind a ``GuardedStateMachine``: each event is a requested state, and a weakly held
/// ``TransitionApprover`` decides whether the machine may move there.
///
/// When the approver is gone (deallocated), every request is refused: nothing is left to approve it.
public struct GuardedDefinition<Approver: TransitionApprover>: MachineDefinition {
    /// The states of the machine.
    public typealias State = Approver.State
    /// A request to move to a state.
    public typealias Event = Approver.State

    /// The state the machine starts in.
    public let initialState: State
    /// The approver, held weakly.
    public weak var approver: Approver?

    /// Creates a definition.
    @inlinable
    public init(initialState: State, approver: Approver?) {
        self.initialState = initialState
        self.approver = approver
    }

    /// Asks the approver whether `state` may change to `event`.
    ///
    /// An approved decision carries the approver as its action, so that ``didTransition(from:on:decision:in:)``
    /// tells the same approver without loading the weak reference a second time.
    @inlinable
    public func decide(state: State, event: State) -> TransitionDecision<State, Approver?>? {
        guard let approver, approver.shouldTransition(from: state, to: event) else { return nil }
        return TransitionDecision(target: event, action: approver)
    }

    /// Tells the approver, if it is still there, that the change from `from` to `to` was refused.
    @inlinable
    internal func approverRefused(from: State, to: State) {
        approver?.didRefuseTransition(from: from, to: to)
    }

    /// Tells the approver that approved the change about it.
    @inlinable
    public func didTransition(
        from oldState: State, on event: State,
        decision: TransitionDecision<State, Approver?>, in machine: StateMachine<Self>
    ) {
        decision.action?.didTransition(from: oldState, to: machine.state)
    }
}
