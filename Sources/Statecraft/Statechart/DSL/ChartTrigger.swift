/// What fires a transition: a predicate over ``ChartSignal`` values and a printable label for
/// diagrams and traces.
///
/// The DSL makes triggers for you (``OnEvent``, ``OnDone``, ``OnError``). Build one directly when events are
/// matched at run time — SCXML event descriptors such as `error.*` or `*`:
///
/// ```swift
/// let trigger = ChartTrigger<String, SCXMLEvent>(label: "error.*") { signal in
///     signal.name(eventName: \.name).hasPrefix("error.")
/// }
/// ```
public struct ChartTrigger<StateID, Event>: Sendable {
    /// The label diagrams and traces print for the transition, say `play` or `done.state.player`.
    public let label: String
    /// Whether a signal fires the transition.
    public let matches: @Sendable (ChartSignal<StateID, Event>) -> Bool

    /// Creates a trigger from a label and a predicate.
    ///
    /// - Parameters:
    ///   - label: The label diagrams and traces print.
    ///   - matches: Whether a signal fires the transition.
    @inlinable
    public init(label: String, matches: @escaping @Sendable (ChartSignal<StateID, Event>) -> Bool) {
        self.label = label
        self.matches = matches
    }
}

extension ChartTrigger where Event: Equatable & Sendable {
    /// A trigger matching one event by equality, labelled with the event's description.
    ///
    /// - Parameter event: The event that fires the transition.
    /// - Returns: The trigger.
    @inlinable public static func event(_ event: Event) -> Self {
        ChartTrigger(label: String(describing: event)) { signal in
            if case .event(let received) = signal { return received == event }
            return false
        }
    }
}

extension ChartTrigger {
    /// A trigger matching chart events that satisfy `predicate` — events with payloads, matched by case.
    ///
    /// - Parameters:
    ///   - label: The label diagrams and traces print.
    ///   - predicate: Whether an event fires the transition.
    /// - Returns: The trigger.
    @inlinable
    public static func matching(label: String, _ predicate: @escaping @Sendable (Event) -> Bool) -> Self {
        ChartTrigger(label: label) { signal in
            if case .event(let received) = signal { return predicate(received) }
            return false
        }
    }

    /// A trigger matching the `error.execution` signal.
    @inlinable public static var error: Self {
        ChartTrigger(label: "error.execution") { signal in
            if case .error = signal { return true }
            return false
        }
    }
}

extension ChartTrigger where StateID: Equatable & Sendable {
    /// A trigger matching `done.state.<state>`.
    ///
    /// - Parameter state: The compound or parallel state whose completion fires the transition.
    /// - Returns: The trigger.
    @inlinable public static func done(_ state: StateID) -> Self {
        ChartTrigger(label: "done.state.\(state)") { signal in
            if case .done(let id) = signal { return id == state }
            return false
        }
    }
}
