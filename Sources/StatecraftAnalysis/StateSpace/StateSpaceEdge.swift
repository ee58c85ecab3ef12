/// One edge of a ``StateSpace``: the step a machine takes from a configuration on an event, computed by
/// its own step function.
///
/// A step whose guards chose differently — because the context differed — leaves from a different
/// configuration, so each edge is one `(event, guard outcome)` pair. Events a configuration ignores
/// have no edge.
public struct StateSpaceEdge: Sendable, Hashable, Codable {
    /// The configuration the step leaves from (a position in ``StateSpace/configurations``).
    public var source: Int
    /// The configuration the step reaches.
    public var target: Int
    /// The label of the event (one of ``StateSpace/events``).
    public var event: String
    /// The position of the event in ``StateSpace/events``.
    public var eventIndex: Int
    /// The transitions taken, as positions in the ``StateSpace/machine``'s transitions, in the order they
    /// ran (eventless transitions and those of raised events included).
    public var transitions: [Int]
    /// The states exited, in exit order.
    public var exited: [String]
    /// The states entered, in entry order.
    public var entered: [String]
    /// The events the machine sent itself during the step (a chart's `send` effects), printed; they are
    /// not delivered during exploration, where every event is offered in every configuration anyway.
    public var sent: [String]
    /// The errors guards and actions raised during the step, printed.
    public var errors: [String]
    /// Whether the step stopped at the chart's microstep limit: eventless transitions or raised events
    /// kept it from settling.
    public var reachedMicrostepLimit: Bool

    /// Creates an edge.
    ///
    /// - Parameters:
    ///   - source: The configuration left.
    ///   - target: The configuration reached.
    ///   - event: The event's label.
    ///   - eventIndex: The event's position in the space's events.
    ///   - transitions: The transitions taken.
    ///   - exited: The states exited.
    ///   - entered: The states entered.
    ///   - sent: The events sent.
    ///   - errors: The errors raised.
    ///   - reachedMicrostepLimit: Whether the step did not settle.
    public init(
        source: Int = 0, target: Int = 0, event: String = "", eventIndex: Int = 0, transitions: [Int] = [],
        exited: [String] = [],
        entered: [String] = [], sent: [String] = [], errors: [String] = [], reachedMicrostepLimit: Bool = false
    ) {
        self.source = source
        self.target = target
        self.event = event
        self.eventIndex = eventIndex
        self.transitions = transitions
        self.exited = exited
        self.entered = entered
        self.sent = sent
        self.errors = errors
        self.reachedMicrostepLimit = reachedMicrostepLimit
    }
}
