/// Why an Event I/O Processor could not deliver a message (``SCXMLEventProcessor/send(_:)``): the chart
/// gets `error.communication` (SCXML 1.0 §6.2.4), whose data is this description.
public struct SCXMLCommunicationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The address the message was for.
    public var target: String
    /// What went wrong, such as `connection refused` or `HTTP 404`.
    public var reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - target: the address the message was for.
    ///   - reason: what went wrong.
    public init(target: String, reason: String) {
        self.target = target
        self.reason = reason
    }

    /// `cannot deliver to 'TARGET': REASON`.
    public var description: String { "cannot deliver to '\(target)': \(reason)" }
}
