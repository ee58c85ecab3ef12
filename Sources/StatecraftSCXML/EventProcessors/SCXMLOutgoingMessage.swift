/// A `<send>` to an Event I/O Processor other than SCXML's, with every attribute evaluated: what
/// ``SCXMLEventProcessor/send(_:)`` delivers.
public struct SCXMLOutgoingMessage: Hashable, Sendable {
    /// The event's name (`event` or `eventexpr`); `nil` when the `<send>` gave none, as a send of content
    /// to a non-SCXML processor may.
    public var event: String?
    /// The target's address (`target` or `targetexpr`), such as an HTTP URL.
    public var target: String
    /// The names and values of `namelist` and the `<param>`s, in document order.
    public var parameters: [(name: String, value: SCXMLValue)]
    /// The value of `<content>`, which excludes parameters; `nil` when there is none.
    public var content: SCXMLValue?
    /// The `<send>`'s id, given or generated; `nil` when it has none.
    public var sendID: String?
    /// The sending session's address at this processor (``SCXMLEventProcessor/location(ofSession:)``).
    public var origin: String

    /// Creates a message.
    ///
    /// - Parameters:
    ///   - event: the event's name.
    ///   - target: the target's address.
    ///   - parameters: the names and values of `namelist` and `<param>`s.
    ///   - content: the value of `<content>`.
    ///   - sendID: the `<send>`'s id.
    ///   - origin: the sending session's address.
    public init(
        event: String?, target: String, parameters: [(name: String, value: SCXMLValue)] = [],
        content: SCXMLValue? = nil, sendID: String? = nil, origin: String
    ) {
        self.event = event
        self.target = target
        self.parameters = parameters
        self.content = content
        self.sendID = sendID
        self.origin = origin
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.event == rhs.event && lhs.target == rhs.target && lhs.content == rhs.content
            && lhs.sendID == rhs.sendID && lhs.origin == rhs.origin
            && lhs.parameters.elementsEqual(rhs.parameters) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(event)
        hasher.combine(target)
        hasher.combine(content)
        hasher.combine(sendID)
        hasher.combine(origin)
        for parameter in parameters {
            hasher.combine(parameter.name)
            hasher.combine(parameter.value)
        }
    }
}
