/// Identifies an observer added to a ``StateMachine``; pass it to ``StateMachine/removeObserver(_:)``.
public struct ObserverToken: Hashable, Sendable {
    @usableFromInline let id: Int

    @usableFromInline init(id: Int) { self.id = id }

    /// The token of ``StateMachine/didTransition``'s box, the first of the observer list while it is set: never
    /// handed out (`MachineSupport.makeToken()` starts at 1), so no ``StateMachine/removeObserver(_:)`` removes it.
    @inlinable static var didTransition: ObserverToken { ObserverToken(id: 0) }
}
