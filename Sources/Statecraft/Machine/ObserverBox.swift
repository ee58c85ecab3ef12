/// One observer of a ``StateMachine``, boxed once when it is added, so that notifying it reads the box
/// and calls its closure without copying the closure (and retaining its context) on every event.
///
/// The base of the two kinds of observer box (``TransitionObserverBox``, ``IgnoredEventObserverBox``),
/// which ``ObserverList`` handles alike. Each kind stores its closure with the machine's `State` and
/// `Event` as its own generic parameters, so the closure keeps the abstraction it was created with
/// (`(State, Event, State) -> Void`) and calling it needs no reabstraction thunk — storing it as a
/// value of a generic `Body` type would wrap it in one.
///
/// The box is never mutated except for ``isRemoved``, set when the observer is removed while observers
/// are being notified: the box then stays in the list (and alive) until the notification ends.
@usableFromInline
class ObserverBox {
    @usableFromInline let token: ObserverToken
    // Only read and written on the machine's isolation, never across a call into user code with an
    // access in progress: `unchecked`, as the machine's own fields.
    @exclusivity(unchecked) @usableFromInline final var isRemoved = false

    @usableFromInline init(token: ObserverToken) {
        self.token = token
    }
}
