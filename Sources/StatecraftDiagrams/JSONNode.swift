/// A parsed JSON value that remembers where it starts in the text, so that errors about the value can name
/// its line and column.
struct JSONNode {
    /// One member of an object, in document order.
    struct Member {
        let key: String
        let keyLocation: TextLocation
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
    let location: TextLocation

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
