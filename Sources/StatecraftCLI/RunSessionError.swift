import StatecraftSCXML

/// Why `statecraft run` could not start its session or save it; each exits with status 2.
enum RunSessionError: Error, CustomStringConvertible {
    /// The document's chart cannot be built.
    case chart(SCXMLError)
    /// The `--restore` file cannot be read or decoded.
    case unreadableSnapshot(path: String, reason: String)
    /// The `--save-snapshot` file cannot be written.
    case unwritableSnapshot(path: String, reason: String)
    /// The `--restore` snapshot does not fit the document's chart.
    case restore(path: String, SCXMLRestoreError)

    var description: String {
        switch self {
        case .chart(let error): error.description
        case .unreadableSnapshot(let path, let reason): "\(path): \(reason)"
        case .unwritableSnapshot(let path, let reason): "\(path): cannot write the snapshot (\(reason))"
        case .restore(let path, let error): "\(path): \(error.description)"
        }
    }
}
