import Foundation
import StatecraftPersistence

extension SQLiteMachineStore: EventInbox {
    @discardableResult
    public func accept(machine: String, eventID: String, event: Data, acceptedAt: DurableInstant)
        async throws(MachineStoreError) -> Bool
    {
        try await accept([
            AcceptedEvent(machine: machine, position: 0, eventID: eventID, event: event, acceptedAt: acceptedAt)
        ]) == 1
    }

    /// Accepts a batch in one transaction, together with the batches of the calls waiting for the
    /// connection meanwhile (``SQLiteAcceptQueue``): one `fsync` for them all.
    public func accept(_ events: [AcceptedEvent]) async throws(MachineStoreError) -> Int {
        guard !events.isEmpty else { return 0 }
        let ticket = acceptQueue.enqueue(events)
        let outcome: Result<Int, MachineStoreError>?
        do {
            outcome = try await acceptTurn(ticket)
        } catch {
            // The turn failed before taking any batch (the `-shm` file found changed): the batch is withdrawn
            // unwritten — or was written by an earlier turn, whose outcome stands.
            guard let written = acceptQueue.withdraw(ticket) else { throw error }
            outcome = written
        }
        guard let outcome else { throw .database("an accepted batch was not written: no transaction took it") }
        let accepted = try outcome.get()
        if accepted > 0 {
            await acceptanceSignal?.accepted(slots: events.map { MachineShard.slot(of: $0.machine) })
        }
        return accepted
    }

    /// The turn on the connection of the caller of `ticket`: writes every batch waiting, in one transaction,
    /// and returns the outcome of the caller's own — `nil` only if no turn took it, which cannot be.
    private func acceptTurn(_ ticket: UInt64) async throws(MachineStoreError) -> Result<Int, MachineStoreError>? {
        let queue = acceptQueue
        return try await guarded { connection, files throws(MachineStoreError) in
            let batches = queue.takeAll()
            if !batches.isEmpty {
                do throws(MachineStoreError) {
                    let counts = try Self.inTransaction(on: connection, files: files) {
                        () throws(MachineStoreError) in
                        var counts: [Int] = []
                        for batch in batches {
                            counts.append(try Self.insert(batch.rows, on: connection, files: files))
                        }
                        return counts
                    }
                    for (batch, count) in zip(batches, counts) { queue.finish(batch.ticket, with: .success(count)) }
                } catch {
                    for batch in batches { queue.finish(batch.ticket, with: .failure(error)) }
                }
            }
            return queue.outcome(of: ticket)
        }
    }

    /// Inserts a batch's rows into the inbox in one statement, in order, inside the caller's transaction.
    ///
    /// - Returns: How many were accepted: neither journaled nor waiting already (an event twice in the batch
    ///   is accepted once).
    private static func insert(
        _ rows: SQLiteInboxRows, on connection: SQLiteConnection, files: SQLiteStoreFiles
    ) throws(MachineStoreError) -> Int {
        try query(
            """
            WITH batch (k, machine_id, event_id, event, accepted_at, slot) AS (
                SELECT key, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
                    json_extract(value, '$[3]'), json_extract(value, '$[4]') FROM json_each(?))
            INSERT INTO statecraft_inbox (machine_id, event_id, event, accepted_at, slot)
            SELECT machine_id, event_id, event, accepted_at, slot FROM batch b WHERE NOT EXISTS (
                SELECT 1 FROM statecraft_journal j WHERE j.machine_id = b.machine_id AND j.event_id = b.event_id)
            ORDER BY k
            ON CONFLICT (machine_id, event_id) DO NOTHING RETURNING position
            """,
            [.text(rows.json)], on: connection, files: files
        ).count
    }

    public func acceptedEvents(machine: String, limit: Int) async throws(MachineStoreError) -> [AcceptedEvent] {
        try Self.acceptedEvents(
            try await query(
                """
                SELECT i.position, i.machine_id, i.event_id, i.event, i.accepted_at, EXISTS (
                    SELECT 1 FROM statecraft_journal j WHERE j.machine_id = i.machine_id AND j.event_id = i.event_id)
                FROM statecraft_inbox i WHERE i.machine_id = ? ORDER BY i.position LIMIT ?
                """,
                [.text(machine), .integer(Int64(max(limit, 0)))]))
    }

    public func discardAccepted(machine: String, eventID: String) async throws(MachineStoreError) {
        _ = try await query(
            "DELETE FROM statecraft_inbox WHERE machine_id = ? AND event_id = ?", [.text(machine), .text(eventID)])
    }

    public func machinesWithAcceptedEvents(limit: Int) async throws(MachineStoreError) -> [String] {
        try await query(
            "SELECT machine_id FROM statecraft_inbox GROUP BY machine_id ORDER BY MIN(position) LIMIT ?",
            [.integer(Int64(max(limit, 0)))]
        ).compactMap { $0.first?.text }
    }

    public func acceptedCount() async throws(MachineStoreError) -> Int {
        Int(try await query("SELECT COUNT(*) FROM statecraft_inbox").first?.first?.integer ?? 0)
    }

    public func acceptedEvents(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [AcceptedEvent]
    {
        // One process writes at a time: every event of a machine is in its slot, so a batch in position
        // order holds each machine's first events.
        let (sql, binds) = Self.acceptedEventsQuery(shards: shards, shardCount: shardCount, limit: limit)
        return try Self.acceptedEvents(try await query(sql, binds))
    }

    /// The statement reading a batch of the inbox of `shards`, and its binds.
    ///
    /// Shards covering at least a sixteenth of the slots read the inbox in position order, keeping the rows
    /// of their slots until the batch is full: about `limit` × 16 rows at most when the waiting events are
    /// spread over the slots. Fewer shards look their slots up in the `(slot, position)` index — which
    /// gives each slot's rows, all of which SQLite then sorts by position: with a backlog of 200,000 events
    /// and half the slots, 25 ms a batch instead of 6 (`acceptedEventsQueryPlan` tests the choice).
    ///
    /// - Complexity: O(`limit` / *f*) rows read when a fraction *f* ≥ 1/16 of the waiting events is in the
    ///   shards' slots; O(*r* log *r*) in the *r* rows of their slots otherwise.
    static func acceptedEventsQuery(shards: [Int], shardCount: Int, limit: Int) -> (String, [SQLiteValue]) {
        let coversMany = MachineShard.slots(of: shards, count: shardCount).count * 16 >= MachineShard.slotCount
        // A unary `+` keeps SQLite from using the column's index: the table is read in position order.
        let (filter, binds) = Self.slotFilter(
            shards: shards, shardCount: shardCount, column: coversMany ? "+i.slot" : "i.slot")
        return (
            """
            SELECT i.position, i.machine_id, i.event_id, i.event, i.accepted_at, EXISTS (
                SELECT 1 FROM statecraft_journal j WHERE j.machine_id = i.machine_id AND j.event_id = i.event_id)
            FROM statecraft_inbox i WHERE \(filter) ORDER BY i.position LIMIT ?
            """,
            binds + [.integer(Int64(max(limit, 0)))]
        )
    }

    /// Decodes rows of position, machine, event identifier, event, acceptance and whether it is journaled.
    private static func acceptedEvents(_ rows: [[SQLiteValue]]) throws(MachineStoreError) -> [AcceptedEvent] {
        var events: [AcceptedEvent] = []
        for row in rows {
            guard let position = row[0].integer, let machine = row[1].text, let eventID = row[2].text,
                let event = row[3].text, let acceptedAt = row[4].integer, let journaled = row[5].integer
            else { throw .corrupt("an accepted event lacks a column") }
            events.append(
                AcceptedEvent(
                    machine: machine, position: position, eventID: eventID, event: Data(event.utf8),
                    acceptedAt: DurableInstant(nanosecondsSinceEpoch: acceptedAt), isJournaled: journaled != 0))
        }
        return events
    }

    /// The condition on `column` selecting the slots of `shards`, and its binds: none when the shards are
    /// all of them.
    static func slotFilter(shards: [Int], shardCount: Int, column: String) -> (String, [SQLiteValue]) {
        let slots = MachineShard.slots(of: shards, count: shardCount)
        if slots.count == MachineShard.slotCount { return ("1", []) }
        return (
            "\(column) IN (SELECT value FROM json_each(?))",
            [.text("[" + slots.map(String.init).joined(separator: ",") + "]")]
        )
    }
}
