/// An Event I/O Processor beside SCXML's own (SCXML 1.0 §6.2 and Appendix D): it carries `<send>`s of its
/// type to targets outside the session, and names the address at which the session receives events.
///
/// Give processors to ``SCXMLSession/init(document:sessionID:limits:eventProcessors:inbox:)``. A `<send>` whose
/// `type` is a processor's ``type`` (or its ``shortName``) goes to that processor's ``send(_:)``; without a
/// target, or when the processor fails, the chart gets `error.communication`. `_ioprocessors` lists each
/// processor under its type and its short name, with its ``location(ofSession:)``.
///
/// Events that arrive for the session are posted to its ``SCXMLSession/inbox``, from any thread. The
/// Basic HTTP Event I/O Processor's message format is ``SCXMLBasicHTTPMessage``; a processor that speaks
/// it over a network lives beside the server that receives its requests (the `Server` package).
public protocol SCXMLEventProcessor: Sendable {
    /// The type URI that `<send type>` names the processor by, such as
    /// ``SCXMLBasicHTTPMessage/processorType``.
    var type: String { get }
    /// A second name `<send type>` and `_ioprocessors` may use, such as `basichttp`; `nil` for none.
    var shortName: String? { get }
    /// The address at which this processor accepts events for the session `sessionID`: the `location`
    /// of its `_ioprocessors` entry.
    ///
    /// - Parameter sessionID: the session's `_sessionid`.
    /// - Returns: the address, such as `http://127.0.0.1:8080/scxml/SESSIONID`.
    func location(ofSession sessionID: String) -> String
    /// Delivers a message to its target and returns once the target accepted it.
    ///
    /// The session waits for it (a chart's macrostep runs to its end without suspending), so that an event
    /// the target sends back before answering reaches the session's queue before anything the chart sends
    /// after this `<send>`.
    ///
    /// - Parameter message: the evaluated `<send>`.
    /// - Throws: ``SCXMLCommunicationError`` when the target cannot be reached or refuses the message; the
    ///   chart gets `error.communication`.
    func send(_ message: SCXMLOutgoingMessage) throws(SCXMLCommunicationError)
}

extension SCXMLEventProcessor {
    /// Whether `<send type="…">` names this processor: by its type URI or its short name.
    ///
    /// - Parameter sendType: the evaluated `type` of a `<send>`.
    /// - Returns: whether the send is this processor's.
    public func isNamed(by sendType: String) -> Bool {
        sendType == type || (shortName.map { $0 == sendType } ?? false)
    }
}
