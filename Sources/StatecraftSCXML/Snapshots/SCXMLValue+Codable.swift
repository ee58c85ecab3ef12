import Statecraft

/// An SCXML value in a snapshot: one member naming its kind, `{"number": 1.5}`, `{"string": "a"}`,
/// `{"boolean": true}`, `{"null": true}`, `{"undefined": true}`; a number that is not finite is written
/// as its text (`{"number": "nan"}`), which JSON numbers cannot hold.
extension SCXMLValue: Codable {
    private enum Key: String, CodingKey { case number, string, boolean, null, undefined }

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
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "an SCXML value names its kind: number, string, boolean, null or undefined"))
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
        }
    }
}
