/// One transition of a running machine, as the inspector streams it to the page: one JSON text message
/// per transition.
public struct InspectorTransition: Sendable, Hashable, Codable {
    /// The position of the transition in the stream, from 1; a gap means transitions were dropped.
    public var sequence: Int
    /// The event's label.
    public var event: String
    /// The states exited, in exit order (empty when the machine does not record them).
    public var exited: [String]
    /// The states entered, in entry order (empty when the machine does not record them).
    public var entered: [String]
    /// The active states after the transition, in document order.
    public var configuration: [String]
    /// Seconds since the inspector started.
    public var time: Double
    /// How many transitions the inspector had dropped for slow or absent pages when it sent this one.
    public var dropped: Int

    /// Creates a transition record; the inspector fills in ``sequence``, ``time`` and ``dropped``.
    ///
    /// - Parameters:
    ///   - event: The event's label.
    ///   - exited: The states exited.
    ///   - entered: The states entered.
    ///   - configuration: The active states after the transition.
    public init(event: String, exited: [String], entered: [String], configuration: [String]) {
        self.sequence = 0
        self.event = event
        self.exited = exited
        self.entered = entered
        self.configuration = configuration
        self.time = 0
        self.dropped = 0
    }
}
