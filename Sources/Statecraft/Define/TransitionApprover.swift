/// Approves or refuses each change of a ``GuardedStateMachine``'s state, and hears of the changes.
///
/// Adopt it on the object that owns the machine; the machine holds it weakly, or `unowned` when asked
/// (``ApproverReference``).
///
/// ```swift
/// final class Downloader: TransitionApprover {
///     enum State { case ready, fetching, saving, success(Data), failure(any Error) }
///     lazy var machine = GuardedStateMachine(initialState: State.ready, approver: self)
///
///     func shouldTransition(from: State, to: State) -> Bool {
///         switch (from, to) {
///         case (.ready, .fetching), (.ready, .saving): true
///         case (.fetching, .success), (.fetching, .failure): true
///         case (.saving, .success), (.saving, .failure): true
///         case (_, .ready): true
///         default: false
///         }
///     }
/// }
/// ```
public protocol TransitionApprover<State>: AnyObject {
    /// The states of the machine.
    associatedtype State

    /// Whether the machine may change from `from` to `to`.
    func shouldTransition(from: State, to: State) -> Bool

    /// Called after the machine changed from `from` to `to`.
    func didTransition(from: State, to: State)

    /// Called when ``shouldTransition(from:to:)`` refused a change; the state is unchanged.
    func didRefuseTransition(from: State, to: State)
}

extension TransitionApprover {
    /// Does nothing.
    @inlinable public func didTransition(from: State, to: State) {}
    /// Does nothing.
    @inlinable public func didRefuseTransition(from: State, to: State) {}
}
