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
///
/// A trigger's predicate must be pure: its answer depends on the signal only, not on when or how often it
/// is called. A chart whose events are payload-free `CaseIterable` values (at most one byte, at most 255
/// cases) calls each predicate once per event case when it is built and then reads which transitions each
/// event can fire, instead of calling the predicates on every event; `done.state` and `error.execution`
/// signals, and events of other types, are matched by calling the predicates. Guards, which may read the
/// context, are evaluated on every step.
public struct ChartTrigger<StateID, Event>: Sendable {
    /// The label diagrams and traces print for the transition, say `play` or `done.state.player`.
    public let label: String
    /// Whether a signal fires the transition: a pure function of the signal.
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
    ///   - predicate: Whether an event fires the transition: a pure function of the event.
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
