/// A `<send>` element.
///
/// For the SCXML event I/O processor (``type`` absent, its URI or `scxml`), ``target`` is absent (the
/// session's external queue), `#_internal` (its internal queue), `#_scxml_SESSIONID` (the session itself),
/// `#_parent` or `#_INVOKEID`. Another type goes to the session's ``SCXMLEventProcessor`` of that type. Other
/// types and targets are `error.execution` (or `error.communication` for another session or a processor
/// that cannot deliver) when the send runs, as SCXML §6.2 requires.
public struct SCXMLSend: Hashable, Sendable {
    /// The type URI of the SCXML event I/O processor.
    public static let scxmlEventProcessorType = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor"
    /// The target that puts the event on the sending session's internal queue.
    public static let internalTarget = "#_internal"

    /// The event name (`event` or `eventexpr`); `nil` only for a send with a `type`, which may carry
    /// `<content>` alone to another Event I/O Processor.
    public var event: SCXMLLiteralOrExpression<String>?
    /// The target (`target` or `targetexpr`); `nil` for the session's external queue.
    public var target: SCXMLLiteralOrExpression<String>?
    /// The I/O processor type (`type` or `typeexpr`); `nil` for the SCXML event I/O processor.
    public var type: SCXMLLiteralOrExpression<String>?
    /// The delay (`delay` or `delayexpr`); `nil` to send at once.
    public var delay: SCXMLLiteralOrExpression<Duration>?
    /// The send id given literally (`id`), or the variable that receives a generated id (`idlocation`).
    public var id: SCXMLSendID?
    /// Locations whose names and values become keys of the event's data (`namelist`, as written).
    public var namelist: [String]
    /// The `<param>` children: more keys of the event's data.
    public var params: [SCXMLParam]
    /// The `<content>` child: the whole of the event's data (it excludes `namelist` and `<param>`).
    public var content: SCXMLEventContent?
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a send.
    ///
    /// - Parameters:
    ///   - event: the event name or its expression; `nil` only for a send with a `type`.
    ///   - target: the target; `nil` for the external queue.
    ///   - type: the I/O processor type; `nil` for SCXML.
    ///   - delay: the delay; `nil` for none.
    ///   - id: the send id or its location.
    ///   - namelist: the variables sent as data.
    ///   - params: the `<param>` children.
    ///   - content: the `<content>` child.
    ///   - sourceLocation: where the element is.
    public init(
        event: SCXMLLiteralOrExpression<String>?,
        target: SCXMLLiteralOrExpression<String>? = nil,
        type: SCXMLLiteralOrExpression<String>? = nil,
        delay: SCXMLLiteralOrExpression<Duration>? = nil,
        id: SCXMLSendID? = nil,
        namelist: [String] = [],
        params: [SCXMLParam] = [],
        content: SCXMLEventContent? = nil,
        sourceLocation: SCXMLSourceLocation = .unknown
    ) {
        self.event = event
        self.target = target
        self.type = type
        self.delay = delay
        self.id = id
        self.namelist = namelist
        self.params = params
        self.content = content
        self.sourceLocation = sourceLocation
    }
}

extension SCXMLSend {
    /// The event data the send carries: its namelist, params and content.
    public var data: SCXMLEventData {
        SCXMLEventData(namelist: namelist, params: params, content: content)
    }
}

/// How a `<send>` is identified for `<cancel>`.
public enum SCXMLSendID: Hashable, Sendable {
    /// The `id` attribute: the send id itself.
    case literal(String)
    /// The `idlocation` attribute: a variable that receives an id generated when the send runs.
    case location(String)
}
