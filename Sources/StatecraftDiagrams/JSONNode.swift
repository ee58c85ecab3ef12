/// A position in a text file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where it starts in the text, so that errors about the value can name
/// its line and column.
struct JSONNode {
    /// One member of an object, in document order.
    struct Member {
        let key: String
        let keyLocation: SourceLocation
        let value: JSONNode
    }

    enum Value {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(Double, text: String)
        case bool(Bool)
        case null
    }

    let value: Value
    let location: SourceLocation

    /// What kind of value this is, for messages (`a string`, `an object`…).
    var kindDescription: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
