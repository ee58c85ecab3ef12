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
    /// The instant the event was applied: the time its machine's timers counted from then.
    /// ``DurableInstant/epoch`` for entries journaled before entries had a time.
    public var appliedAt: DurableInstant
    /// Whether the event is a timer the machine fired (its earliest delayed event), not one given to
    /// ``DurableMachine/apply(_:id:)``.
    public var firesTimer: Bool

    /// Creates a journal entry.
    ///
    /// - Parameters:
    ///   - sequence: The version the event produced.
    ///   - eventID: The event's identifier.
    ///   - event: The event's JSON.
    ///   - appliedAt: The instant it was applied; the epoch by default.
    ///   - firesTimer: Whether it is a fired timer; `false` by default.
    public init(
        sequence: Int64, eventID: String, event: Data, appliedAt: DurableInstant = .epoch, firesTimer: Bool = false
    ) {
        self.sequence = sequence
        self.eventID = eventID
        self.event = event
        self.appliedAt = appliedAt
        self.firesTimer = firesTimer
    }
}
