/// The definition behind a ``GuardedStateMachine``: each event is a requested state, and a
/// ``TransitionApprover``, held weakly or unowned (``ApproverReference``), decides whether the machine may
/// move there.
///
/// When a weakly held approver is gone (deallocated), every request is refused: nothing is left to approve
/// it. An approver held `unowned` must outlive the machine.
public struct GuardedDefinition<Approver: TransitionApprover>: MachineDefinition {
    /// The states of the machine.
    public typealias State = Approver.State
    /// A request to move to a state.
    public typealias Event = Approver.State

    /// The state the machine starts in.
    public let initialState: State
    /// How the approver is held.
    public let reference: ApproverReference
    /// The approver when ``reference`` is ``ApproverReference/weak``, `nil` otherwise.
    @usableFromInline weak var weakApprover: Approver?
    /// The approver when ``reference`` is ``ApproverReference/unowned``, `nil` otherwise. Never holding the
    /// approver in both keeps an unowned approver free of the side table a weak reference creates.
    @usableFromInline unowned(safe) var unownedApprover: Approver?

    /// Creates a definition.
    ///
    /// - Parameters:
    ///   - initialState: The state the machine starts in.
    ///   - approver: The approver; while it is `nil` every request is refused.
    ///   - reference: How to hold the approver: weakly (the default) or `unowned`.
    @inlinable
    public init(initialState: State, approver: Approver?, reference: ApproverReference = .weak) {
        self.initialState = initialState
        self.reference = reference
        switch reference {
        case .weak: weakApprover = approver
        case .unowned: unownedApprover = approver
        }
    }

    /// The approver, held as ``reference`` says. With an `unowned` reference, reading it after the approver
    /// was deallocated traps.
    @inlinable
    public var approver: Approver? {
        get {
            switch reference {
            case .weak: weakApprover
            case .unowned: unownedApprover
            }
        }
        set {
            switch reference {
            case .weak: weakApprover = newValue
            case .unowned: unownedApprover = newValue
            }
        }
    }

    /// Asks the approver whether `state` may change to `event`.
    ///
    /// An approved decision carries the approver as its action, so that ``didTransition(from:on:decision:in:)``
    /// tells the same approver without loading the reference a second time.
    @inlinable @inline(__always)
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
