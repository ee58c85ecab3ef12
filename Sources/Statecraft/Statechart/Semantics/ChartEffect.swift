/// Something an action asked for that the runtime performs after the macrostep: the pure step
/// only records it.
public enum ChartEffect<Event> {
    /// Deliver `event` to the machine's external queue after `delay` (SCXML 1.0 §6.2 `<send>`).
    /// A zero delay queues it behind the current event. `id`, when given, lets ``cancel(id:)`` drop it.
    case send(Event, delay: Duration, id: String?)
    /// Drop the delayed event sent with `id` if it has not been delivered yet (SCXML 1.0 §6.3 `<cancel>`).
    case cancel(id: String)
    /// Start, cancel or message an invocation (``Invoke``), or message the machine that invoked this one.
    case invocation(ChartInvocationEffect<Event>)
}

extension ChartEffect: Sendable where Event: Sendable {}
