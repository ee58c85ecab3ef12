/// What `GET /machines/{id}/journal` answers: the machine's journal, oldest first.
public struct JournalView: Codable, Equatable, Sendable {
    /// One journal entry.
    public struct Entry: Codable, Equatable, Sendable {
        /// The version the entry produced, from 1.
        public var sequence: Int64
        /// The event's identifier in the store: `create`, `key:KEY` for an idempotency key, `auto:UUID`, or
        /// `timer:VERSION` for delayed events fired.
        public var eventID: String
        /// The entry's event JSON as stored.
        public var event: JSONValue
    }

    /// The machine's identifier.
    public var machine: String
    /// The entries, oldest first.
    public var entries: [Entry]
}
