/// Why a block of executable content stopped at run time, other than an expression error: the runtime
/// turns it into `error.execution` (SCXML §5.10.2), never a crash.
public enum SCXMLExecutionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `<send>` whose `targetexpr` gave a target other than `#_internal` or none.
    case unsupportedSendTarget(String, at: SCXMLSourceLocation)
    /// A `<send>` whose `typeexpr` gave an event I/O processor other than SCXML's.
    case unsupportedSendType(String, at: SCXMLSourceLocation)
    /// A `<send target="#_internal">` with a delay: internal events cannot wait.
    case delayedInternalSend(event: String, at: SCXMLSourceLocation)
    /// An expression of an element failed.
    case expression(SCXMLExpressionError, element: String, at: SCXMLSourceLocation)

    /// `FILE:LINE:COLUMN: <element>: problem`.
    public var description: String {
        switch self {
        case .unsupportedSendTarget(let target, let at):
            "\(at): <send>: the target '\(target)' is not supported (only '#_internal' or none)"
        case .unsupportedSendType(let type, let at):
            "\(at): <send>: the type '\(type)' is not supported (only \(SCXMLSend.scxmlEventProcessorType))"
        case .delayedInternalSend(let event, let at):
            "\(at): <send>: the event '\(event)' to '#_internal' cannot have a delay"
        case .expression(let error, let element, let at):
            "\(at): <\(element)>: \(error)"
        }
    }
}
