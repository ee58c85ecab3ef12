/// Identifies an observer added to a ``StateMachine``; pass it to ``StateMachine/removeObserver(_:)``.
public struct ObserverToken: Hashable, Sendable {
    @usableFromInline let id: Int

    @usableFromInline init(id: Int) { self.id = id }
}
