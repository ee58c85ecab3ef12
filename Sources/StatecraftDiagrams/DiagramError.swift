/// Why a diagram could not be rendered or written.
public enum DiagramError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An external tool the format needs is not on `PATH`.
    case toolNotFound(tool: String, installHint: String)
    /// An external tool ran but failed.
    case toolFailed(tool: String, status: Int32, message: String)
    /// The diagram could not be written to the file.
    case cannotWrite(path: String, reason: String)

    /// A sentence naming the tool or file and what to do.
    public var description: String {
        switch self {
        case .toolNotFound(let tool, let installHint):
            "'\(tool)' was not found on PATH; it is needed to render SVG and PNG. \(installHint)"
        case .toolFailed(let tool, let status, let message):
            "'\(tool)' failed with exit status \(status)" + (message.isEmpty ? "" : ": \(message)")
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason)"
        }
    }
}
