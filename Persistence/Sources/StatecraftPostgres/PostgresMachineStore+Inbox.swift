import Foundation
import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore: EventInbox {
    @discardableResult
    public func accept(machine: String, eventID: String, event: Data, acceptedAt: DurableInstant)
        async throws(MachineStoreError) -> Bool
    {
        let text = String(decoding: event, as: UTF8.self)
        let instant = acceptedAt.nanosecondsSinceEpoch
        return try await perform { connection, logger in
            // One statement: not accepted when journaled; a concurrent acceptance of the same event waits on
            // the unique index and then does nothing.
            let rows = try await connection.query(
                """
                INSERT INTO statecraft_inbox (machine_id, event_id, event, accepted_at)
                SELECT \(machine), \(eventID), \(text), \(instant)
                WHERE NOT EXISTS (
                    SELECT 1 FROM statecraft_journal WHERE machine_id = \(machine) AND event_id = \(eventID))
                ON CONFLICT (machine_id, event_id) DO NOTHING RETURNING position
                """, logger: logger)
            return try await Self.count(rows) == 1
        }
    }

    public func acceptedEvents(machine: String, limit: Int) async throws(MachineStoreError) -> [AcceptedEvent] {
        try await perform { connection, logger in
            let rows = try await connection.query(
                """
                SELECT position, event_id, event, accepted_at FROM statecraft_inbox WHERE machine_id = \(machine)
                ORDER BY position LIMIT \(Int64(max(limit, 0)))
                """, logger: logger)
            var events: [AcceptedEvent] = []
            for try await (position, eventID, event, acceptedAt) in rows.decode((Int64, String, String, Int64).self) {
                events.append(
                    AcceptedEvent(
                        machine: machine, position: position, eventID: eventID, event: Data(event.utf8),
                        acceptedAt: DurableInstant(nanosecondsSinceEpoch: acceptedAt)))
            }
            return events
        }
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
