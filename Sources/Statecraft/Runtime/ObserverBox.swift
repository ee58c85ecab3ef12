/// One observer of a ``StateMachine``, boxed once when it is added, so that notifying it reads the box
/// and calls its closure without copying the closure (and retaining its context) on every event.
///
/// The box is never mutated except for ``isRemoved``, set when the observer is removed while observers
/// are being notified: the box then stays in the list (and alive) until the notification ends.
@usableFromInline
final class ObserverBox<Body> {
    @usableFromInline let token: ObserverToken
    @usableFromInline let body: Body
    // Only read and written on the machine's isolation, never across a call into user code with an
    // access in progress: `unchecked`, as the machine's own fields.
    @exclusivity(unchecked) @usableFromInline var isRemoved = false

    @usableFromInline init(token: ObserverToken, body: Body) {
        self.token = token
        self.body = body
    }
}
