/// Why a machine file in the JSON format could not be read; every case names the file, line and column.
///
/// The description reads like a compiler diagnostic: `machine.json:12:17: transition 2 targets 'Dnoe',
/// which is not a declared state`.
public enum JSONMachineFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not well-formed JSON (or not UTF-8).
    case malformedJSON(file: String, location: TextLocation, problem: String)
    /// The JSON is well-formed but is not a valid machine: a missing or mistyped field, an unknown field
    /// or kind, or an identifier that refers to nothing.
    case invalidMachine(file: String, location: TextLocation, problem: String)
    /// The document's `version` is not one this library reads.
    case unsupportedVersion(file: String, location: TextLocation, version: String)

    /// The file the error is about.
    public var file: String {
        switch self {
        case .malformedJSON(let file, _, _), .invalidMachine(let file, _, _), .unsupportedVersion(let file, _, _):
            file
        }
    }

    /// Where in the file the problem is.
    public var location: TextLocation {
        switch self {
        case .malformedJSON(_, let location, _), .invalidMachine(_, let location, _),
            .unsupportedVersion(_, let location, _):
            location
        }
    }

    /// The problem, without the file and location.
    public var problem: String {
        switch self {
        case .malformedJSON(_, _, let problem): "malformed JSON: \(problem)"
        case .invalidMachine(_, _, let problem): problem
        case .unsupportedVersion(_, _, let version):
            "unsupported format version \(version); this statecraft reads version "
                + "\(JSONMachineFormat.currentVersion)"
        }
    }

    /// `file:line:column: problem`.
    public var description: String { "\(file):\(location.line):\(location.column): \(problem)" }
}
