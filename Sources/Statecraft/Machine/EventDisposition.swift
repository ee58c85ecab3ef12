/// What became of an event handed to a machine's lifecycle (`StateMachine.process(_:)`): what
/// ``StateMachine/handle(_:)`` and ``StateMachine/send(_:)`` both report, each in its own terms.
@usableFromInline
enum EventDisposition: UInt8 {
    /// The event caused a transition: a change of state or an update in place.
    case transitioned
    /// The event was ignored in the machine's state.
    case ignored
    /// The machine was busy: the event waits in its queue.
    case queued
}
