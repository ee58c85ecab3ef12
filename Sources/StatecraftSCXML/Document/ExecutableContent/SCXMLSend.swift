/// A `<send>` element.
///
/// Only the SCXML event I/O processor is supported: ``type`` is absent or its URI, and ``target`` is absent
/// (the session's external queue) or `#_internal` (its internal queue). The parser rejects other literal
/// values; expression values are the runtime's to check.
public struct SCXMLSend: Hashable, Sendable {
    /// The type URI of the SCXML event I/O processor.
    public static let scxmlEventProcessorType = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor"
    /// The target that puts the event on the sending session's internal queue.
    public static let internalTarget = "#_internal"

    /// The event name (`event` or `eventexpr`).
    public var event: SCXMLLiteralOrExpression<String>
    /// The target (`target` or `targetexpr`); `nil` for the session's external queue.
    public var target: SCXMLLiteralOrExpression<String>?
    /// The I/O processor type (`type` or `typeexpr`); `nil` for the SCXML event I/O processor.
    public var type: SCXMLLiteralOrExpression<String>?
    /// The delay (`delay` or `delayexpr`); `nil` to send at once.
    public var delay: SCXMLLiteralOrExpression<Duration>?
    /// The send id given literally (`id`), or the variable that receives a generated id (`idlocation`).
    public var id: SCXMLSendID?
    /// Variables whose names and values become the event's data (`namelist`).
    public var namelist: [String]
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a send.
    ///
    /// - Parameters:
    ///   - event: the event name or its expression.
    ///   - target: the target; `nil` for the external queue.
    ///   - type: the I/O processor type; `nil` for SCXML.
    ///   - delay: the delay; `nil` for none.
    ///   - id: the send id or its location.
    ///   - namelist: the variables sent as data.
    ///   - sourceLocation: where the element is.
    public init(
        event: SCXMLLiteralOrExpression<String>,
        target: SCXMLLiteralOrExpression<String>? = nil,
        type: SCXMLLiteralOrExpression<String>? = nil,
        delay: SCXMLLiteralOrExpression<Duration>? = nil,
        id: SCXMLSendID? = nil,
        namelist: [String] = [],
        sourceLocation: SCXMLSourceLocation = .unknown
    ) {
        self.event = event
        self.target = target
        self.type = type
        self.delay = delay
        self.id = id
        self.namelist = namelist
        self.sourceLocation = sourceLocation
    }
}

/// How a `<send>` is identified for `<cancel>`.
public enum SCXMLSendID: Hashable, Sendable {
    /// The `id` attribute: the send id itself.
    case literal(String)
    /// The `idlocation` attribute: a variable that receives an id generated when the send runs.
    case location(String)
}
