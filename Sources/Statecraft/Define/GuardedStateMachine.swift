/// A machine whose state is assigned directly, each change approved by a ``TransitionApprover``, held
/// weakly or, for speed, `unowned` (``ApproverReference``).
///
/// Assigning ``state`` asks the approver's ``TransitionApprover/shouldTransition(from:to:)``. An approved
/// change happens and the approver is told with ``TransitionApprover/didTransition(from:to:)``; a refused
/// one leaves the state unchanged, is recorded in ``lastRefusal`` and reported to
/// ``TransitionApprover/didRefuseTransition(from:to:)`` and to ignored-event observers.
///
/// ```swift
/// machine.state = .fetching        // approved: .ready → .fetching
/// machine.state = .fetching        // refused: still .fetching, lastRefusal == (.fetching, .fetching)
/// let changed = machine.request(.ready)   // true
/// ```
///
/// It runs on the same ``StateMachine`` shell as every other style; ``machine`` gives access to its
/// observers. A change requested from inside an approver or observer callback is queued and applied after
/// the current one completes.
public final class GuardedStateMachine<Approver: TransitionApprover> {
    /// The machine's states.
    public typealias State = Approver.State

    /// The runtime that performs the changes; use it to add observers.
    public let machine: StateMachine<GuardedDefinition<Approver>>

    /// Where the refusal observer records the last refusal. A box of its own, so that the observer
    /// captures it (and a copy of the definition) strongly instead of capturing this object unowned,
    /// which would cost an unowned-to-strong load and a release on every refusal.
    @usableFromInline
    final class RefusalRecord {
        // Written on every refusal and never passed `inout` across user code: no dynamic exclusivity check.
        @exclusivity(unchecked) @usableFromInline var last: (from: State, to: State)?

        @usableFromInline init() {}
    }

    @usableFromInline let refusals = RefusalRecord()

    /// The most recent refused change, or `nil` if none was refused yet.
    @inlinable public var lastRefusal: (from: State, to: State)? { refusals.last }

    /// Creates a machine in `initialState`; setting the initial state is not a transition and is not
    /// submitted to the approver.
    ///
    /// The initializer and the accessors are inlinable so that the whole path of an assignment — request,
    /// approval, refusal report — is specialised for `Approver` in the caller's module.
    ///
    /// Hold the approver ``ApproverReference/unowned`` when it outlives the machine — typically because it
    /// owns it — and requests are frequent: a request then costs markedly less than with a weak reference
    /// (see ``ApproverReference``).
    ///
    /// ```swift
    /// lazy var machine = GuardedStateMachine(initialState: State.ready, approver: self, reference: .unowned)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state the machine starts in.
    ///   - approver: While it is `nil` every change is refused.
    ///   - reference: How to hold the approver: weakly (the default; requests are refused once it is
    ///     deallocated) or `unowned` (it must outlive the machine).
    @inlinable
    public init(initialState: State, approver: Approver?, reference: ApproverReference = .weak) {
        let definition = GuardedDefinition(initialState: initialState, approver: approver, reference: reference)
        machine = StateMachine(definition: definition)
        // The observer's copy of the definition holds the approver the same way.
        let refusals = refusals
        machine.addIgnoredEventObserver { from, to in
            refusals.last = (from, to)
            definition.approverRefused(from: from, to: to)
        }
    }

    /// The current state. Assigning it requests a change, which the approver may refuse.
    @inlinable
    public var state: State {
        @inline(__always) get { machine.state }
        @inline(__always) set { request(newValue) }
    }

    /// Requests a change to `newState`.
    ///
    /// - Returns: Whether the change happened now (`false` when refused, or when queued because the
    ///   machine was busy).
    @inlinable @inline(__always) @discardableResult
    public func request(_ newState: State) -> Bool {
        machine.handle(newState)
    }

    /// The approver, held as the initializer's `reference` said (weakly by default).
    @inlinable public var approver: Approver? { machine.definition.approver }
}
