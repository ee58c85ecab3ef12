/// A data model in a snapshot: the variables and their values, and the runtime's bookkeeping (bound
/// data scopes, the generated send id counter), so that a restored session goes on exactly as the
/// saved one would have.
extension SCXMLDataModel: Codable {
    private enum Key: String, CodingKey { case variables, generatedSendIDs, boundScopes, doneData }

    /// Decodes a data model written by ``encode(to:)``.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a member is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init(variables: try container.decode([String: SCXMLValue].self, forKey: .variables))
        generatedSendIDs = try container.decode(Int.self, forKey: .generatedSendIDs)
        boundScopes = try container.decode(Set<String>.self, forKey: .boundScopes)
        doneData = try container.decodeIfPresent([String: SCXMLValue].self, forKey: .doneData) ?? [:]
    }

    /// Encodes the data model; the bound scopes are sorted, so equal models encode alike.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(variables, forKey: .variables)
        try container.encode(generatedSendIDs, forKey: .generatedSendIDs)
        try container.encode(boundScopes.sorted(), forKey: .boundScopes)
        if !doneData.isEmpty {
            try container.encode(doneData, forKey: .doneData)
        }
    }
}
