/// A transition observer (``StateMachine/addObserver(_:)``): called with `(old, event, new)`.
@usableFromInline
final class TransitionObserverBox<State, Event>: ObserverBox {
    @usableFromInline let body: (State, Event, State) -> Void

    @usableFromInline init(token: ObserverToken, body: @escaping (State, Event, State) -> Void) {
        self.body = body
        super.init(token: token)
    }
}
