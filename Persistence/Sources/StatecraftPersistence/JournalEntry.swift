import Foundation

/// One event in a machine's append-only journal.
public struct JournalEntry: Sendable, Equatable {
    /// The machine version this event produced: the entry's position in the journal, from 1.
    public var sequence: Int64
    /// The event's identifier, unique per machine: an event whose identifier is journaled is never
    /// applied again.
    public var eventID: String
    /// The event's JSON.
    public var event: Data

    /// Creates a journal entry.
    ///
    /// - Parameters:
    ///   - sequence: The version the event produced.
    ///   - eventID: The event's identifier.
    ///   - event: The event's JSON.
    public init(sequence: Int64, eventID: String, event: Data) {
        self.sequence = sequence
        self.eventID = eventID
        self.event = event
    }
}
