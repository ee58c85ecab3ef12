import Statecraft

extension StateSpace {
    private enum CodingKeys: String, CodingKey {
        case machine, events, configurations, edges, stoppedAt, limits, work, varyingData, start
    }

    /// Decodes a space from its JSON form; `work` and `varyingData` are 0 and empty when absent, as in a
    /// space encoded before they existed.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a value is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            machine: try container.decode(MachineDescription.self, forKey: .machine),
            events: try container.decode([String].self, forKey: .events),
            configurations: try container.decode([StateSpaceConfiguration].self, forKey: .configurations),
            edges: try container.decode([StateSpaceEdge].self, forKey: .edges),
            stoppedAt: try container.decodeIfPresent(ExplorationBound.self, forKey: .stoppedAt),
            limits: try container.decode(ExplorationLimits.self, forKey: .limits),
            start: try container.decode(StateSpaceEdge.self, forKey: .start),
            work: try container.decodeIfPresent(Int.self, forKey: .work) ?? 0,
            varyingData: try container.decodeIfPresent([String].self, forKey: .varyingData) ?? [])
    }

    /// Encodes the space in its JSON form.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` when the encoder fails.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(machine, forKey: .machine)
        try container.encode(events, forKey: .events)
        try container.encode(configurations, forKey: .configurations)
        try container.encode(edges, forKey: .edges)
        try container.encodeIfPresent(stoppedAt, forKey: .stoppedAt)
        try container.encode(limits, forKey: .limits)
        try container.encode(work, forKey: .work)
        try container.encode(varyingData, forKey: .varyingData)
        try container.encode(start, forKey: .start)
    }
}
