extension ExplorationLimits: Codable {
    private enum CodingKeys: String, CodingKey {
        case maxConfigurations, maxDepth, maxWork, maxDuration
    }

    /// Decodes limits; `maxWork` and `maxDuration` (in seconds) take their defaults when absent, as in a
    /// space encoded before they existed.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a value is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ExplorationLimits()
        // Clamped so that a hostile value cannot overflow the conversion; a billion seconds is forever here.
        let seconds = try container.decodeIfPresent(Double.self, forKey: .maxDuration).map { min(max($0, 0), 1e9) }
        self.init(
            maxConfigurations: try container.decode(Int.self, forKey: .maxConfigurations),
            maxDepth: try container.decode(Int.self, forKey: .maxDepth),
            maxWork: try container.decodeIfPresent(Int.self, forKey: .maxWork) ?? defaults.maxWork,
            maxDuration: seconds.map { .milliseconds(Int64(($0 * 1000).rounded())) } ?? defaults.maxDuration)
    }

    /// Encodes the limits, ``maxDuration`` as a number of seconds, so that each bound's value sits under
    /// its ``ExplorationBound`` name.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` when the encoder fails.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(maxConfigurations, forKey: .maxConfigurations)
        try container.encode(maxDepth, forKey: .maxDepth)
        try container.encode(maxWork, forKey: .maxWork)
        try container.encode(Self.seconds(maxDuration), forKey: .maxDuration)
    }
}
