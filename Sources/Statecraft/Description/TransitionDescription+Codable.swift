extension TransitionDescription: Codable {
    private enum CodingKeys: String, CodingKey {
        case source, event, targets, kind, condition, isConditionOpaque, delay, delayID
    }

    /// Decodes a transition; `kind` defaults to external, `isConditionOpaque` to `false`, and `delay` is a
    /// number of seconds.
    ///
    /// - Throws: The decoder's errors for missing or mistyped fields, `DecodingError.dataCorrupted` for a
    ///   negative or non-finite delay.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var delay: Duration?
        if let seconds = try container.decodeIfPresent(Double.self, forKey: .delay) {
            guard seconds.isFinite, seconds >= 0, seconds < Double(Int64.max) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .delay, in: container,
                    debugDescription: "a delay is a finite, non-negative number of seconds, not \(seconds)")
            }
            delay = .seconds(seconds)
        }
        self.init(
            source: try container.decode(String.self, forKey: .source),
            event: try container.decodeIfPresent(String.self, forKey: .event),
            targets: try container.decode([String].self, forKey: .targets),
            kind: try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .external,
            condition: try container.decodeIfPresent(String.self, forKey: .condition),
            isConditionOpaque: try container.decodeIfPresent(Bool.self, forKey: .isConditionOpaque) ?? false,
            delay: delay,
            delayID: try container.decodeIfPresent(String.self, forKey: .delayID))
    }

    /// Encodes the transition; absent optional fields and a `false` `isConditionOpaque` are left out, and
    /// `delay` is written as a number of seconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encodeIfPresent(event, forKey: .event)
        try container.encode(targets, forKey: .targets)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(condition, forKey: .condition)
        if isConditionOpaque { try container.encode(true, forKey: .isConditionOpaque) }
        try container.encodeIfPresent(delay.map(Self.seconds), forKey: .delay)
        try container.encodeIfPresent(delayID, forKey: .delayID)
    }

    /// A duration as a number of seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
