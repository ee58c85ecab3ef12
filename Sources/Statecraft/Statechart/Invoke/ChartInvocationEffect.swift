/// What an action asked of a chart's invocations (``Invoke``): the runtime performs it after the
/// macrostep, with the chart's other effects and in the same order.
public enum ChartInvocationEffect<Event> {
    /// Start the invocation once the macrostep is over (SCXML 1.0 §D.2: invocations start after the
    /// macrostep that entered their state, unless the state was left again during that macrostep).
    case start(ChartInvocation<Event>)
    /// Cancel the invocation with this identifier: its state was left (SCXML 1.0 §6.4).
    case cancel(id: String)
    /// Send an event to the machine that invoked this one (SCXML's `#_parent` target).
    case sendToParent(Event)
    /// Send an event to the invocation with this identifier (SCXML's `#_<invokeid>` target).
    case send(Event, invocation: String)
}

extension ChartInvocationEffect: Sendable where Event: Sendable {}

extension ChartInvocationEffect: CustomStringConvertible {
    /// `start ID`, `cancel ID`, `sendToParent EVENT` or `send EVENT to ID`.
    public var description: String {
        switch self {
        case .start(let invocation): "start \(invocation.id)"
        case .cancel(let id): "cancel \(id)"
        case .sendToParent(let event): "sendToParent \(event)"
        case .send(let event, let id): "send \(event) to \(id)"
        }
    }
}
