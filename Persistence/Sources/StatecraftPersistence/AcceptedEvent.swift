import Foundation

/// An event an ``EventInbox`` accepted for a machine and that is waiting to be applied to it.
public struct AcceptedEvent: Sendable, Equatable {
    /// The machine's identifier.
    public var machine: String
    /// The place of the event in the order the store accepted events (of every machine): a machine's
    /// events are applied in increasing position.
    public var position: Int64
    /// The event's identifier, unique per machine: the identifier it is journaled with.
    public var eventID: String
    /// The event's JSON.
    public var event: Data
    /// The instant the store accepted it: the timers of the machine falling due after it fire after it.
    public var acceptedAt: DurableInstant
    /// Whether the machine's journal already holds the event (it was accepted again while being applied):
    /// it is discarded, not applied. Set by ``EventInbox/acceptedEvents(shards:shardCount:limit:)``.
    public var isJournaled: Bool

    /// Creates an accepted event.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - position: Its place in acceptance order.
    ///   - eventID: The event's identifier.
    ///   - event: The event's JSON.
    ///   - acceptedAt: When it was accepted.
    ///   - isJournaled: Whether the journal already holds it; `false` by default.
    public init(
        machine: String, position: Int64, eventID: String, event: Data, acceptedAt: DurableInstant,
        isJournaled: Bool = false
    ) {
        self.machine = machine
        self.position = position
        self.eventID = eventID
        self.event = event
        self.acceptedAt = acceptedAt
        self.isJournaled = isJournaled
    }
}
