/// What `POST /machines/{id}/events` answers: what the event did and the version it produced. A retry
/// with the same `Idempotency-Key` gets the same answer, rebuilt from the journal.
public struct EventAnswer: Codable, Equatable, Sendable {
    /// The machine's identifier.
    public var machine: String
    /// The event's name.
    public var event: String
    /// The idempotency key the event was posted with, if any.
    public var idempotencyKey: String?
    /// The machine's version after the event: its journal entry's sequence.
    public var version: Int64
    /// The macrosteps: the event's, then those of the events the chart sent itself meanwhile.
    public var macrosteps: [MacrostepView]
    /// The active states afterwards, sorted.
    public var configuration: [String]
    /// Whether the machine reached a top-level final state.
    public var finished: Bool

    /// The answer recorded in a journal entry.
    ///
    /// - Parameters:
    ///   - machine: The machine.
    ///   - version: The entry's sequence.
    ///   - record: The entry's record.
    init(machine: String, version: Int64, record: JournalRecord) {
        self.machine = machine
        event = record.event ?? ""
        idempotencyKey = record.idempotencyKey
        self.version = version
        macrosteps = record.macrosteps
        configuration = record.configuration
        finished = record.finished
    }
}
