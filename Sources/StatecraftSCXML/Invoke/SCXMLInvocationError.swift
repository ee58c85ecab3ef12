/// Why an `<invoke>` could not start; the invoking state's entry raises `error.execution` with it
/// (SCXML 1.0 §6.4: a failed invocation is an error at run time, not at load).
public enum SCXMLInvocationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The invoke `type` is not SCXML.
    case unsupportedType(String, at: SCXMLSourceLocation)
    /// The `src` could not be read or parsed: the URI and the reason.
    case unreadableSource(String, reason: String, at: SCXMLSourceLocation)
    /// An attribute, `<param>` or `namelist` entry could not be evaluated.
    case evaluation(String, at: SCXMLSourceLocation)
    /// The child document could not be built into a chart.
    case invalidChild(String, at: SCXMLSourceLocation)
    /// The child session would be nested deeper than ``SCXMLLimits/maximumInvocationDepth``: the limit.
    case tooDeep(limit: Int, at: SCXMLSourceLocation)
    /// ``SCXMLLimits/maximumInvokedSessions`` sessions already run under the top-level session: the limit.
    case tooManySessions(limit: Int, at: SCXMLSourceLocation)

    /// A sentence naming the problem and where the `<invoke>` is.
    public var description: String {
        switch self {
        case .unsupportedType(let type, let at): "\(at): <invoke> type '\(type)' is not supported (only SCXML)"
        case .unreadableSource(let source, let reason, let at): "\(at): <invoke> cannot load '\(source)': \(reason)"
        case .evaluation(let message, let at): "\(at): <invoke>: \(message)"
        case .invalidChild(let reason, let at): "\(at): <invoke> child document: \(reason)"
        case .tooDeep(let limit, let at):
            "\(at): <invoke> would nest sessions more than \(limit) deep (SCXMLLimits.maximumInvocationDepth)"
        case .tooManySessions(let limit, let at):
            "\(at): <invoke> would run more than \(limit) sessions at once (SCXMLLimits.maximumInvokedSessions)"
        }
    }
}
