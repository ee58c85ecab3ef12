/// An event's type in a snapshot: `"platform"`, `"internal"` or `"external"`.
extension SCXMLEvent.EventType: Codable {}

/// An SCXML event in a snapshot (a delayed `<send>` still waiting): its name, type, send id, origin,
/// invoke id, data and the raw message it came in.
extension SCXMLEvent: Codable {
    private enum Key: String, CodingKey { case name, type, sendID, origin, originType, invokeID, data, raw }

    /// Decodes an event written by ``encode(to:)``.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the name is missing or a member has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init(
            try container.decode(String.self, forKey: .name),
            type: try container.decodeIfPresent(EventType.self, forKey: .type) ?? .external,
            sendID: try container.decodeIfPresent(String.self, forKey: .sendID),
            origin: try container.decodeIfPresent(String.self, forKey: .origin),
            originType: try container.decodeIfPresent(String.self, forKey: .originType),
            invokeID: try container.decodeIfPresent(String.self, forKey: .invokeID),
            data: try container.decodeIfPresent(SCXMLValue.self, forKey: .data))
        raw = try container.decodeIfPresent(String.self, forKey: .raw)
    }

    /// Encodes the event; absent fields are left out.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(sendID, forKey: .sendID)
        try container.encodeIfPresent(origin, forKey: .origin)
        try container.encodeIfPresent(originType, forKey: .originType)
        try container.encodeIfPresent(invokeID, forKey: .invokeID)
        try container.encodeIfPresent(data, forKey: .data)
        try container.encodeIfPresent(raw, forKey: .raw)
    }
}
