/// Where the states and transitions of a machine are written, for messages that point at them.
///
/// A chart built in Swift has none; an SCXML document has one per element
/// (``SCXMLExplorationModel/sourceLocations``).
public struct SourceLocations: Sendable, Hashable, Codable {
    /// A place in a file.
    public struct Location: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The file, if known.
        public var file: String?
        /// The line, from 1.
        public var line: Int
        /// The column, from 1; 0 when unknown.
        public var column: Int

        /// Creates a location.
        ///
        /// - Parameters:
        ///   - file: The file.
        ///   - line: The line, from 1.
        ///   - column: The column, from 1; 0 when unknown.
        public init(file: String?, line: Int, column: Int = 0) {
            self.file = file
            self.line = line
            self.column = column
        }

        /// `file:line:column` (the parts known).
        public var description: String {
            let place = column > 0 ? "\(line):\(column)" : "\(line)"
            return file.map { "\($0):\(place)" } ?? "line \(place)"
        }
    }

    /// The location of each state, by identifier.
    public var states: [String: Location]
    /// The location of each transition, by position in the description's transitions.
    public var transitions: [Int: Location]

    /// Creates a table of locations.
    ///
    /// - Parameters:
    ///   - states: The locations of states.
    ///   - transitions: The locations of transitions.
    public init(states: [String: Location] = [:], transitions: [Int: Location] = [:]) {
        self.states = states
        self.transitions = transitions
    }

    /// No locations: a machine defined in code.
    public static let none = SourceLocations()
}
