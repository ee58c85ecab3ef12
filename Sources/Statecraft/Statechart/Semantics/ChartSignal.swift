/// What a chart's transitions react to: an event of the chart's own type, or one of the events the
/// SCXML algorithm generates itself.
///
/// Typed charts rarely look at signals directly: ``OnEvent`` matches ``event(_:)``, ``OnDone`` matches
/// ``done(_:)`` and ``OnError`` matches ``error(_:)``. A chart built at run time (say, from an SCXML
/// document) matches signals with its own predicate through ``ChartTrigger``, using ``name(eventName:)``
/// to get SCXML's dotted event names.
public enum ChartSignal<StateID, Event> {
    /// An event of the chart's event type: sent to the machine, raised by an action, or sent with a delay.
    case event(Event)
    /// `done.state.<id>`: the compound state `id` reached a final child, or every region of the
    /// parallel state `id` did (SCXML 1.0 §3.7.1).
    case done(StateID)
    /// `error.execution`: a guard or an action threw (SCXML 1.0 §3.12.2, §5.9).
    indirect case error(ChartExecutionError)

    /// The chart event, when this signal is one.
    @inlinable
    public var event: Event? {
        if case .event(let event) = self { return event }
        return nil
    }

    /// The signal's SCXML event name: `done.state.<id>` for ``done(_:)``, `error.execution` for
    /// ``error(_:)``, and `eventName(event)` for a chart event.
    ///
    /// - Parameter eventName: The name of a chart event.
    /// - Returns: The dotted name SCXML event descriptors match against.
    public func name(eventName: (Event) -> String) -> String {
        switch self {
        case .event(let event): eventName(event)
        case .done(let id): "done.state.\(id)"
        case .error: "error.execution"
        }
    }
}

extension ChartSignal: Sendable where StateID: Sendable, Event: Sendable {}
