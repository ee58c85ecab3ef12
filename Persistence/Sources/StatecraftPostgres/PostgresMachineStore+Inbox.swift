import Foundation
import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore: EventInbox {
    @discardableResult
    public func accept(machine: String, eventID: String, event: Data, acceptedAt: DurableInstant)
        async throws(MachineStoreError) -> Bool
    {
        try await accept([
            AcceptedEvent(machine: machine, position: 0, eventID: eventID, event: event, acceptedAt: acceptedAt)
        ]) == 1
    }

    public func accept(_ events: [AcceptedEvent]) async throws(MachineStoreError) -> Int {
        guard !events.isEmpty else { return 0 }
        let machines = events.map(\.machine)
        let ids = events.map(\.eventID)
        let texts = events.map { String(decoding: $0.event, as: UTF8.self) }
        let instants = events.map(\.acceptedAt.nanosecondsSinceEpoch)
        let slots = events.map { Int64(MachineShard.slot(of: $0.machine)) }
        let accepted = try await perform { connection, logger in
            // One statement: not accepted when journaled; a concurrent acceptance of the same event waits on
            // the unique index and then does nothing. `ordinality` keeps the order given.
            let rows = try await connection.query(
                """
                INSERT INTO statecraft_inbox (machine_id, event_id, event, accepted_at, slot)
                SELECT e.machine_id, e.event_id, e.event, e.accepted_at, e.slot
                FROM unnest(\(machines)::TEXT[], \(ids)::TEXT[], \(texts)::TEXT[], \(instants)::BIGINT[],
                    \(slots)::INTEGER[]) WITH ORDINALITY AS e(machine_id, event_id, event, accepted_at, slot, n)
                WHERE NOT EXISTS (
                    SELECT 1 FROM statecraft_journal j WHERE j.machine_id = e.machine_id AND j.event_id = e.event_id)
                ORDER BY e.n
                ON CONFLICT (machine_id, event_id) DO NOTHING RETURNING position
                """, logger: logger)
            return try await Self.count(rows)
        }
        if accepted > 0 { await acceptanceSignal?.accepted(slots: slots.map(Int.init)) }
        return accepted
    }

    public func acceptedEvents(machine: String, limit: Int) async throws(MachineStoreError) -> [AcceptedEvent] {
        try await perform { connection, logger in
            let rows = try await connection.query(
                """
                SELECT i.position, i.machine_id, i.event_id, i.event, i.accepted_at, EXISTS (
                    SELECT 1 FROM statecraft_journal j WHERE j.machine_id = i.machine_id AND j.event_id = i.event_id)
                FROM statecraft_inbox i WHERE i.machine_id = \(machine) ORDER BY i.position
                LIMIT \(Int64(max(limit, 0)))
                """, logger: logger)
            return try await Self.acceptedEvents(rows)
        }
    }

    public func acceptedEvents(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [AcceptedEvent]
    {
        let (everything, slots) = Self.slotCondition(shards: shards, shardCount: shardCount)
        // One statement, its own transaction: its row locks last while it runs, a round trip and a commit fewer
        // than an explicit transaction.
        return try await perform { connection, logger in
            // Rows another worker is taking are skipped, not waited for; a machine whose earlier event is
            // among them is left out, so that each machine's events in the batch are its first ones. Both
            // lookups per row are `LATERAL … LIMIT 1`, index probes: as `EXISTS`, the planner may hash the
            // whole journal or inbox instead, a scan that grows with the store.
            let rows = try await connection.query(
                """
                WITH taken AS (
                    SELECT position, machine_id, event_id, event, accepted_at FROM statecraft_inbox
                    WHERE \(everything) OR slot = ANY(\(slots)::INTEGER[])
                    ORDER BY position LIMIT \(Int64(max(limit, 0))) FOR UPDATE SKIP LOCKED)
                SELECT t.position, t.machine_id, t.event_id, t.event, t.accepted_at, journaled.found IS NOT NULL
                FROM taken t
                LEFT JOIN LATERAL (
                    SELECT TRUE AS found FROM statecraft_journal j
                    WHERE j.machine_id = t.machine_id AND j.event_id = t.event_id LIMIT 1) AS journaled ON TRUE
                LEFT JOIN LATERAL (
                    SELECT i.position FROM statecraft_inbox i
                    WHERE i.machine_id = t.machine_id AND i.position < t.position
                        AND i.position NOT IN (SELECT position FROM taken)
                    LIMIT 1) AS earlier ON TRUE
                WHERE earlier.position IS NULL
                ORDER BY t.position
                """, logger: logger)
            return try await Self.acceptedEvents(rows)
        }
    }

    /// Decodes rows of position, machine, event identifier, event, acceptance and whether it is journaled.
    private static func acceptedEvents(_ rows: PostgresRowSequence) async throws -> [AcceptedEvent] {
        var events: [AcceptedEvent] = []
        for try await (position, machine, eventID, event, acceptedAt, journaled) in rows.decode(
            (Int64, String, String, String, Int64, Bool).self)
        {
            events.append(
                AcceptedEvent(
                    machine: machine, position: position, eventID: eventID, event: Data(event.utf8),
                    acceptedAt: DurableInstant(nanosecondsSinceEpoch: acceptedAt), isJournaled: journaled))
        }
        return events
    }

    public func discardAccepted(machine: String, eventID: String) async throws(MachineStoreError) {
        try await perform { connection, logger in
            try await connection.query(
                "DELETE FROM statecraft_inbox WHERE machine_id = \(machine) AND event_id = \(eventID)", logger: logger)
            return ()
        }
    }

    public func machinesWithAcceptedEvents(limit: Int) async throws(MachineStoreError) -> [String] {
        try await perform { connection, logger in
            let rows = try await connection.query(
                """
                SELECT machine_id FROM statecraft_inbox GROUP BY machine_id ORDER BY MIN(position)
                LIMIT \(Int64(max(limit, 0)))
                """, logger: logger)
            var machines: [String] = []
            for try await machine in rows.decode(String.self) { machines.append(machine) }
            return machines
        }
    }

    public func acceptedCount() async throws(MachineStoreError) -> Int {
        try await perform { connection, logger in
            let rows = try await connection.query("SELECT COUNT(*) FROM statecraft_inbox", logger: logger)
            var count: Int64 = 0
            for try await value in rows.decode(Int64.self) { count = value }
            return Int(count)
        }
    }
}
