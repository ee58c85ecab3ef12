import Foundation

/// A ``MachineStore`` that also keeps an inbox: events accepted durably for a machine before any process
/// applies them.
///
/// ```swift
/// try await store.accept(machine: "order-42", eventID: "payment-7781", event: payJSON, acceptedAt: .now)
/// // later, in whichever process serves order-42:
/// try await order.applyAccepted()          // journals "payment-7781", removes it from the inbox
/// ```
///
/// Accepting is idempotent by event identifier: an event already waiting or already journaled is not
/// accepted again. ``MachineStore/save(machine:snapshot:entry:timers:)`` removes the entry's event from the
/// inbox in the same transaction that journals it, so a crash leaves an event either waiting or journaled.
/// An event accepted again while it was being applied may come back to the inbox after being journaled;
/// the journal's uniqueness of event identifiers refuses it, and ``DurableMachine/applyAccepted(limit:)``
/// discards it: every accepted event is applied exactly once.
public protocol EventInbox: MachineStore {
    /// Stores the event in the machine's inbox, unless its identifier is already there or in the machine's
    /// journal.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - eventID: The event's identifier, unique per machine.
    ///   - event: The event's JSON.
    ///   - acceptedAt: The instant of acceptance: the machine's timers due after it fire after the event.
    /// - Returns: Whether the event was accepted now (`false` when it was already waiting or journaled).
    /// - Throws: ``MachineStoreError/database(_:)`` and the other failures of the store; nothing is stored
    ///   then.
    @discardableResult
    func accept(machine: String, eventID: String, event: Data, acceptedAt: DurableInstant)
        async throws(MachineStoreError) -> Bool

    /// Accepts many events in one transaction — one `fsync` for all of them — each as
    /// ``accept(machine:eventID:event:acceptedAt:)`` does: an event already waiting or journaled is not
    /// accepted again. Events are accepted in the order given.
    ///
    /// - Parameters:
    ///   - events: The events; their ``AcceptedEvent/position`` and ``AcceptedEvent/isJournaled`` are
    ///     ignored.
    /// - Returns: How many were accepted now.
    /// - Throws: ``MachineStoreError``; nothing is stored then.
    func accept(_ events: [AcceptedEvent]) async throws(MachineStoreError) -> Int

    /// The machine's events waiting in the inbox, in acceptance order.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - limit: The most to return.
    /// - Throws: ``MachineStoreError``.
    /// - Complexity: An index scan of `limit` rows.
    func acceptedEvents(machine: String, limit: Int) async throws(MachineStoreError) -> [AcceptedEvent]

    /// Removes an event from the machine's inbox without applying it (one found already journaled).
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - eventID: The event's identifier.
    /// - Throws: ``MachineStoreError``.
    func discardAccepted(machine: String, eventID: String) async throws(MachineStoreError)

    /// The machines with events waiting in the inbox, the one whose earliest event was accepted first
    /// first.
    ///
    /// - Parameter limit: The most to return.
    /// - Throws: ``MachineStoreError``.
    /// - Complexity: A scan of the inbox.
    func machinesWithAcceptedEvents(limit: Int) async throws(MachineStoreError) -> [String]

    /// The number of events waiting in the inbox, of every machine together.
    ///
    /// - Throws: ``MachineStoreError``.
    func acceptedCount() async throws(MachineStoreError) -> Int

    /// Takes a batch of the events waiting for the machines of `shards` (among `shardCount`), in acceptance
    /// order: what a worker holding those shards applies next. Each machine's events in the batch are the
    /// first ones waiting for it (never a later event without the earlier ones), so that they are applied
    /// in acceptance order. Events already journaled are marked ``AcceptedEvent/isJournaled``.
    ///
    /// On PostgreSQL the rows are read `FOR UPDATE SKIP LOCKED`: a worker never waits for rows another is
    /// taking, and a machine with a row locked by another is left out of the batch.
    ///
    /// - Parameters:
    ///   - shards: Shards in `0..<shardCount`.
    ///   - shardCount: The number of shards, in `1...MachineShard.slotCount`.
    ///   - limit: The most events to take.
    /// - Throws: ``MachineStoreError``.
    /// - Complexity: An index scan of the shards' slots (`slot, position`), `limit` rows.
    func acceptedEvents(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [AcceptedEvent]

    /// Writes many machines' steps in one transaction — a group commit: for each machine its journal
    /// entries (removing their events from the inbox), its timers, and its snapshot when one is given, and
    /// removes its ``MachineCommit/discarded`` inbox events.
    ///
    /// - Parameter commits: At most one per machine.
    /// - Throws: ``MachineStoreError/conflict(machine:expected:found:)`` when a machine's stored version is
    ///   not its commit's ``MachineCommit/baseVersion``; ``MachineStoreError/duplicateEvent(machine:eventID:)``
    ///   when an entry's event is already journaled; the store's other failures. Nothing of the batch is
    ///   written then.
    func commit(_ commits: [MachineCommit]) async throws(MachineStoreError)

    /// The signal this store gives, once an acceptance committed, to the workers of this process waiting
    /// for work (``DurableWorker/awaitWork()``); `nil` when it gives none (the workers then find accepted
    /// events at their next poll).
    var acceptanceSignal: AcceptanceSignal? { get }
}

extension EventInbox {
    /// No signal: the default for an inbox that does not give one (a wrapper around another store).
    public var acceptanceSignal: AcceptanceSignal? { nil }

    /// Saves one event's step as a group commit of one machine (``commit(_:)``): the entry, a snapshot of its
    /// version and the machine's timers, the entry's event taken out of the inbox — the stores' own `save`.
    ///
    /// - Throws: ``MachineStoreError``, as ``commit(_:)`` does.
    public func save(
        machine: String, snapshot: Data, entry: JournalEntry, timers: [DurableInstant]
    ) async throws(MachineStoreError) {
        try await commit([
            MachineCommit(
                machine: machine, entries: [entry],
                snapshot: .init(data: snapshot, version: entry.sequence, takenAt: entry.appliedAt), timers: timers)
        ])
    }

    /// Accepts the events one by one with ``accept(machine:eventID:event:acceptedAt:)``: the default for an
    /// inbox that does not override ``accept(_:)`` (a wrapper around another store). Unlike the stores'
    /// own, it is not one transaction: a failure leaves the events before it accepted.
    ///
    /// - Parameter events: The events, in order.
    /// - Returns: How many were accepted now.
    /// - Throws: ``MachineStoreError``.
    /// - Complexity: One acceptance per event.
    public func accept(_ events: [AcceptedEvent]) async throws(MachineStoreError) -> Int {
        var accepted = 0
        for event in events
        where try await accept(
            machine: event.machine, eventID: event.eventID, event: event.event, acceptedAt: event.acceptedAt)
        {
            accepted += 1
        }
        return accepted
    }
}
