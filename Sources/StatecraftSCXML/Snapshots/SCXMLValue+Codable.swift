import Statecraft

/// An SCXML value in a snapshot: one member naming its kind, `{"number": 1.5}`, `{"string": "a"}`,
/// `{"boolean": true}`, `{"null": true}`, `{"undefined": true}`, `{"array": [VALUE, …]}`,
/// `{"object": [["key", VALUE], …]}` (keys in order); a number that is not finite is written as its text
/// (`{"number": "nan"}`), which JSON numbers cannot hold.
extension SCXMLValue: Codable {
    private enum Key: String, CodingKey { case number, string, boolean, null, undefined, array, object }

    /// One key and value of an object, encoded as a two-element array.
    private struct Property: Codable {
        var key: String
        var value: SCXMLValue

        init(key: String, value: SCXMLValue) {
            self.key = key
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            key = try container.decode(String.self)
            value = try container.decode(SCXMLValue.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(key)
            try container.encode(value)
        }
    }

    /// Decodes a value written by ``encode(to:)``.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for any other shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if container.contains(.number) {
            if let number = try? container.decode(Double.self, forKey: .number) {
                self = .number(number)
            } else {
                let text = try container.decode(String.self, forKey: .number)
                guard let number = Double(text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .number, in: container, debugDescription: "\(text) is not a number")
                }
                self = .number(number)
            }
        } else if container.contains(.string) {
            self = .string(try container.decode(String.self, forKey: .string))
        } else if container.contains(.boolean) {
            self = .boolean(try container.decode(Bool.self, forKey: .boolean))
        } else if container.contains(.null) {
            self = .null
        } else if container.contains(.undefined) {
            self = .undefined
        } else if container.contains(.array) {
            self = .array(try container.decode([SCXMLValue].self, forKey: .array))
        } else if container.contains(.object) {
            let properties = try container.decode([Property].self, forKey: .object)
            self = .object(SCXMLObject(properties.map { ($0.key, $0.value) }))
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "an SCXML value names its kind: number, string, boolean, null, undefined, array or object"))
        }
    }

    /// Encodes the value as an object with one member naming its kind.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .number(let number) where number.isFinite: try container.encode(number, forKey: .number)
        case .number(let number): try container.encode("\(number)", forKey: .number)
        case .string(let text): try container.encode(text, forKey: .string)
        case .boolean(let flag): try container.encode(flag, forKey: .boolean)
        case .null: try container.encode(true, forKey: .null)
        case .undefined: try container.encode(true, forKey: .undefined)
        case .array(let elements): try container.encode(elements, forKey: .array)
        case .object(let object):
            try container.encode(object.properties.map { Property(key: $0.key, value: $0.value) }, forKey: .object)
        }
    }
}
