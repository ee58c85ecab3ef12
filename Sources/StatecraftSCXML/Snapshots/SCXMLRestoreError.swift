import Statecraft

/// Why a saved ``SCXMLSession`` could not be restored.
public enum SCXMLRestoreError: Error, Equatable, CustomStringConvertible {
    /// The document's chart cannot be built.
    case chart(SCXMLError)
    /// The snapshot does not fit the document's chart; the error names what differs.
    case snapshot(SnapshotError)
    /// The snapshot's data model, counters or times are not ones the document's session can have.
    case invalidSnapshot([SCXMLSnapshotProblem])

    /// The underlying error's description.
    public var description: String {
        switch self {
        case .chart(let error): error.description
        case .snapshot(let error): error.description
        case .invalidSnapshot(let problems):
            "the snapshot does not fit the document: \(problems.map(\.description).joined(separator: "; "))"
        }
    }
}
