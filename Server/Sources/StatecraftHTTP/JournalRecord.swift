/// What the server writes as a journal entry's event JSON: the event as posted and what it did, so that a
/// retry is answered from the journal and the journal reads as the machine's history.
struct JournalRecord: Codable, Equatable, Sendable {
    /// The event's name; `nil` for the entry that created the machine and for delayed events fired (their
    /// macrosteps name them).
    var event: String?
    /// The event's data, as posted.
    var data: JSONValue?
    /// The idempotency key it was posted with.
    var idempotencyKey: String?
    /// The macrosteps it caused.
    var macrosteps: [MacrostepView]
    /// The active states afterwards, sorted.
    var configuration: [String]
    /// Whether the machine finished.
    var finished: Bool
}
