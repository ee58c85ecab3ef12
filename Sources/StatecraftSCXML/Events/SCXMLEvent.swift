/// An event of an SCXML session: the `_event` variable of the SCXML data model (SCXML §5.10.1).
///
/// Charts built from SCXML documents use this as their event type.
///
/// ```swift
/// let event = SCXMLEvent("error.execution", type: .platform)
/// SCXMLEventDescriptor("error").matches(event.name) // true
/// ```
public struct SCXMLEvent: Hashable, Sendable, CustomStringConvertible {
    /// Where an event comes from.
    public enum EventType: String, Hashable, Sendable {
        /// Raised by the processor itself, such as `done.state.s1` or `error.execution`.
        case platform
        /// Raised by `<raise>` or by `<send target="#_internal">`.
        case `internal`
        /// Sent from outside, or by `<send>` to the session's external queue.
        case external
    }

    /// The event's name, such as `done.state.s1`; matched against transitions' event descriptors.
    public var name: String
    /// Where the event comes from.
    public var type: EventType
    /// The `id` of the `<send>` that produced the event, if any.
    public var sendID: String?
    /// The URI of the sender, if it was sent by an event I/O processor.
    public var origin: String?
    /// The type of the event I/O processor that delivered the event, if any.
    public var originType: String?
    /// The invoke id, for events from invoked sessions (unused until `<invoke>` is supported).
    public var invokeID: String?
    /// The event's payload; `nil` when it carries none (`_event.data` then evaluates to `undefined`).
    public var data: SCXMLValue?
    /// The message the event arrived in, as an Event I/O Processor received it (`_event.raw`), such as the
    /// whole HTTP request of a Basic HTTP event (``SCXMLBasicHTTPMessage``); `nil` for events of the
    /// session itself and of SCXML's own processor.
    public var raw: String?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - name: the event name.
    ///   - type: where the event comes from; external by default.
    ///   - sendID: the id of the `<send>` that produced it.
    ///   - origin: the sender's URI.
    ///   - originType: the type of the delivering event I/O processor.
    ///   - invokeID: the invoke id of the sending invoked session.
    ///   - data: the payload.
    public init(
        _ name: String,
        type: EventType = .external,
        sendID: String? = nil,
        origin: String? = nil,
        originType: String? = nil,
        invokeID: String? = nil,
        data: SCXMLValue? = nil
    ) {
        self.name = name
        self.type = type
        self.sendID = sendID
        self.origin = origin
        self.originType = originType
        self.invokeID = invokeID
        self.data = data
    }

    /// The platform event `error.execution`, raised when evaluating an expression or running executable
    /// content fails (SCXML §5.10.2).
    ///
    /// - Parameters:
    ///   - sendID: the id of the `<send>` that failed, if a send failed.
    ///   - message: a description of what failed, carried as the event's data.
    /// - Returns: the event, with the error's description as its data when one is given.
    public static func executionError(sendID: String? = nil, message: String? = nil) -> SCXMLEvent {
        SCXMLEvent("error.execution", type: .platform, sendID: sendID, data: message.map(SCXMLValue.string))
    }

    /// The platform event `done.state.ID`, raised when a compound or parallel state completes.
    ///
    /// - Parameter stateID: the id of the completed state.
    /// - Returns: the event.
    public static func done(stateID: String) -> SCXMLEvent {
        SCXMLEvent("done.state.\(stateID)", type: .platform)
    }

    /// The value of a field of `_event`, as `_event.FIELD` evaluates in an expression.
    ///
    /// - Parameter field: `name`, `type`, `sendid`, `origin`, `origintype`, `invokeid`, `data` or `raw`.
    /// - Returns: the field's value (`undefined` for absent fields, data included),
    ///   or `nil` when the event has no such field.
    public func value(ofField field: String) -> SCXMLValue? {
        switch field {
        case "name": .string(name)
        case "type": .string(type.rawValue)
        case "sendid": sendID.map(SCXMLValue.string) ?? .undefined
        case "origin": origin.map(SCXMLValue.string) ?? .undefined
        case "origintype": originType.map(SCXMLValue.string) ?? .undefined
        case "invokeid": invokeID.map(SCXMLValue.string) ?? .undefined
        case "data": data ?? .undefined
        case "raw": raw.map(SCXMLValue.string) ?? .undefined
        default: nil
        }
    }

    /// The event's name.
    public var description: String { name }

    /// The event as the value of `_event`: an object with the fields `name`, `type`, `sendid`, `origin`,
    /// `origintype`, `invokeid` and `data`, absent ones `undefined`, and `raw` when the event has it.
    public var value: SCXMLValue {
        let fields =
            ["name", "type", "sendid", "origin", "origintype", "invokeid", "data"] + (raw == nil ? [] : ["raw"])
        return .object(SCXMLObject(fields.map { ($0, value(ofField: $0) ?? .undefined) }))
    }
}
