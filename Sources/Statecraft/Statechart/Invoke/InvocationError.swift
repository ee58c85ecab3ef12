/// Why an invocation could not do what a chart asked of it.
///
/// The runtime reports these to the machine's effect-error observers
/// (``StateMachine/addEffectErrorObserver(_:)``), or keeps them in
/// ``StateMachine/unobservedEffectErrors``; an SCXML session raises `error.communication` or
/// `error.execution` instead, as SCXML 1.0 §6.4 requires.
public enum InvocationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ``ChartScope/send(_:toInvocation:)`` named no running invocation.
    case unknownInvocation(String)
    /// The running invocation does not accept the event: its `toChild` mapping returned `nil`, or it is an
    /// async operation, which takes no events.
    case eventRefused(invocation: String, event: String)
    /// ``ChartScope/sendToParent(_:)`` in a machine that no invocation started.
    case noParent(event: String)
    /// An invocation started while another with the same identifier was running; the older one was
    /// cancelled.
    case duplicateInvocation(String)

    /// A sentence naming the invocation and the event.
    public var description: String {
        switch self {
        case .unknownInvocation(let id): "no invocation '\(id)' is running"
        case .eventRefused(let id, let event): "invocation '\(id)' does not accept the event \(event)"
        case .noParent(let event): "sendToParent(\(event)) in a machine that no invocation started"
        case .duplicateInvocation(let id): "invocation '\(id)' started while another with that id was running"
        }
    }
}
