extension MachineDescription: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, states, initialState, events, transitions
    }

    /// Decodes a description and checks that it is consistent.
    ///
    /// - Throws: `DecodingError.dataCorrupted` carrying the ``MachineDescriptionError`` when the decoded
    ///   description is inconsistent, or the decoder's own errors for missing or mistyped fields.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decodeIfPresent(String.self, forKey: .name)
        let states = try container.decode([StateDescription].self, forKey: .states)
        let initialState = try container.decode(String.self, forKey: .initialState)
        let events = try container.decode([EventDescription].self, forKey: .events)
        let transitions = try container.decode([TransitionDescription].self, forKey: .transitions)
        do {
            try self.init(
                name: name, states: states, initialState: initialState, events: events,
                transitions: transitions)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// Encodes the description; absent optional fields are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(initialState, forKey: .initialState)
        try container.encode(states, forKey: .states)
        try container.encode(events, forKey: .events)
        try container.encode(transitions, forKey: .transitions)
    }
}
