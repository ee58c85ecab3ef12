/// Why a block of executable content stopped at run time: the runtime turns it into `error.execution`
/// (SCXML §5.10.2) or `error.communication` (SCXML §6.2.4, ``eventName``), never a crash.
public enum SCXMLExecutionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `<send>` whose target is none the runtime can deliver to (`target="baz"`): `error.execution`.
    case unsupportedSendTarget(String, at: SCXMLSourceLocation)
    /// A `<send>` whose type is an event I/O processor other than SCXML's (`type="27"`): `error.execution`.
    case unsupportedSendType(String, at: SCXMLSourceLocation)
    /// A `<send>` to another SCXML session that does not exist (`#_scxml_foo`): `error.communication`.
    case unreachableSession(String, at: SCXMLSourceLocation)
    /// A `<send>` to an Event I/O Processor (``SCXMLEventProcessor``) without a target, or one the processor
    /// could not deliver: `error.communication`.
    case undeliverable(type: String, SCXMLCommunicationError, at: SCXMLSourceLocation)
    /// A `<send>` without an event name for SCXML's own processor (its `typeexpr` named it at run time):
    /// `error.execution`.
    case missingEventName(at: SCXMLSourceLocation)
    /// A `<send>` with an id failed: the error event carries the id as its `sendid`.
    indirect case failedSend(SCXMLExecutionError, sendID: String)
    /// A `<send target="#_internal">` with a delay: internal events cannot wait.
    case delayedInternalSend(event: String, at: SCXMLSourceLocation)
    /// A `<send idlocation>` found the generated send id counter at `Int.max`: no fresh id is left.
    case sendIDsExhausted(at: SCXMLSourceLocation)
    /// An expression of an element failed.
    case expression(SCXMLExpressionError, element: String, at: SCXMLSourceLocation)

    /// The platform event the error raises: `error.communication` for an unreachable session or an
    /// undeliverable message, `error.execution` otherwise.
    public var eventName: String {
        switch self {
        case .unreachableSession, .undeliverable: "error.communication"
        case .failedSend(let error, _): error.eventName
        default: "error.execution"
        }
    }

    /// The id of the `<send>` that failed, if it had one.
    public var sendID: String? {
        if case .failedSend(_, let sendID) = self { sendID } else { nil }
    }

    /// `FILE:LINE:COLUMN: <element>: problem`.
    public var description: String {
        switch self {
        case .unreachableSession(let target, let at):
            "\(at): <send>: no session '\(target)' can be reached"
        case .failedSend(let error, let sendID):
            "\(error) (send id '\(sendID)')"
        case .undeliverable(let type, let error, let at):
            "\(at): <send type=\"\(type)\">: \(error)"
        case .missingEventName(let at):
            "\(at): <send>: SCXML's event I/O processor needs an event name (event or eventexpr)"
        case .unsupportedSendTarget(let target, let at):
            "\(at): <send>: the target '\(target)' is not supported (only none, '#_internal', '#_scxml_SESSIONID', '#_parent' or '#_INVOKEID')"
        case .unsupportedSendType(let type, let at):
            "\(at): <send>: the type '\(type)' is not supported (only \(SCXMLSend.scxmlEventProcessorType))"
        case .delayedInternalSend(let event, let at):
            "\(at): <send>: the event '\(event)' to '#_internal' cannot have a delay"
        case .expression(let error, let element, let at):
            "\(at): <\(element)>: \(error)"
        case .sendIDsExhausted(let at):
            "\(at): <send>: no fresh send id is left (the generated send id counter is at \(Int.max))"
        }
    }
}
