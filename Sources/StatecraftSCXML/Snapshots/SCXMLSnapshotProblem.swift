/// One way in which a saved ``SCXMLSessionSnapshot`` is not a state the document's session can be in: a
/// snapshot is input (a file, perhaps edited by hand), so restoring checks it before anything runs.
public enum SCXMLSnapshotProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data model lacks a variable the document declares (`<data id="…">`).
    case missingVariable(String)
    /// The data model holds a system variable (`_event`, `_sessionid`…), which the session provides.
    case systemVariable(String)
    /// A counter (`generatedSendIDs`) is outside the values a session reaches: its name, value and range.
    case counterOutOfRange(String, value: Int, range: ClosedRange<Int>)
    /// `boundScopes` or `doneData` names a state the document does not have: the member and the name.
    case unknownScope(String, member: String)
    /// A time is negative or too large: what it is (`nowNanoseconds`, the remaining time of a delayed event)
    /// and its value in nanoseconds.
    case timeOutOfRange(String, nanoseconds: Int64)

    /// A sentence naming the member and the value.
    public var description: String {
        switch self {
        case .missingVariable(let name):
            "the data model has no variable '\(name)', which the document declares"
        case .systemVariable(let name):
            "the data model holds the system variable '\(name)'"
        case .counterOutOfRange(let name, let value, let range):
            "\(name) is \(value), outside \(range.lowerBound)...\(range.upperBound)"
        case .unknownScope(let name, let member):
            "\(member) names '\(name)', which is not a state of the document"
        case .timeOutOfRange(let what, let nanoseconds):
            "\(what) is \(nanoseconds) ns; a time in a snapshot is between 0 and \(Int64.max) ns"
        }
    }
}
