/// A plain JSON value: what clients send as an event's data and read back as a machine's data model.
///
/// ```swift
/// let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"amount": 3}"#.utf8))
/// value.scxmlValue // .object(["amount": 3])
/// ```
///
/// Objects keep their members sorted by key: JSON objects are unordered, and a sorted order makes every
/// answer of the server the same bytes for the same state.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case boolean(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members sorted by key.
    case object([String: JSONValue])
}

extension JSONValue: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes any JSON value.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the input is not JSON.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let boolean = try? single.decode(Bool.self) {
                self = .boolean(boolean)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    /// Encodes the value as plain JSON; a number that is not finite, which JSON cannot hold, as `null`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .boolean(let boolean):
            var container = encoder.singleValueContainer()
            try container.encode(boolean)
        case .number(let number) where number.isFinite:
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .number:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        }
    }
}
