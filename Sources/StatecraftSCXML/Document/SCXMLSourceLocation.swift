/// Where an element of an SCXML document starts: the file, and the line and column where its start tag ends.
///
/// The XML parser reports positions at the end of a start tag, so for a start tag spread over several lines
/// the line is that of its `>`.
public struct SCXMLSourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file the document was read from, if it was read from a file.
    public var file: String?
    /// The line, counted from 1; 0 when the location is unknown.
    public var line: Int
    /// The column, counted from 1; 0 when the location is unknown.
    public var column: Int

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - file: the file's path, if any.
    ///   - line: the line, from 1.
    ///   - column: the column, from 1.
    public init(file: String? = nil, line: Int, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The location of nodes built in code rather than parsed.
    public static let unknown = SCXMLSourceLocation(line: 0)

    /// `file:line:column`, or `line L, column C` without a file.
    public var description: String {
        if let file {
            return column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)"
        }
        return column > 0 ? "line \(line), column \(column)" : "line \(line)"
    }
}
