/// An ignored-event observer (``StateMachine/addIgnoredEventObserver(_:)``): called with the state and
/// the event it ignored.
@usableFromInline
final class IgnoredEventObserverBox<State, Event>: ObserverBox {
    @usableFromInline let body: (State, Event) -> Void

    @usableFromInline init(token: ObserverToken, body: @escaping (State, Event) -> Void) {
        self.body = body
        super.init(token: token)
    }
}
