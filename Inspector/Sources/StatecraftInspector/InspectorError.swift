/// Why an inspector could not start.
public enum InspectorError: Error, Sendable, CustomStringConvertible {
    /// The server stopped before it listened.
    case serverStopped

    /// A sentence saying what happened.
    public var description: String {
        switch self {
        case .serverStopped: "the inspector's server stopped before it listened"
        }
    }
}
