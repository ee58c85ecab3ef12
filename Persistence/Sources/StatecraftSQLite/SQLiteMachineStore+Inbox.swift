import Foundation
import StatecraftPersistence

extension SQLiteMachineStore: EventInbox {
    @discardableResult
    public func accept(machine: String, eventID: String, event: Data, acceptedAt: DurableInstant)
        async throws(MachineStoreError) -> Bool
    {
        try await transaction { connection, files throws(MachineStoreError) in
            let journaled = try Self.query(
                "SELECT 1 FROM statecraft_journal WHERE machine_id = ? AND event_id = ?",
                [.text(machine), .text(eventID)], on: connection, files: files)
            guard journaled.isEmpty else { return false }
            let inserted = try Self.query(
                """
                INSERT INTO statecraft_inbox (machine_id, event_id, event, accepted_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (machine_id, event_id) DO NOTHING RETURNING position
                """,
                [
                    .text(machine), .text(eventID), .text(String(decoding: event, as: UTF8.self)),
                    .integer(acceptedAt.nanosecondsSinceEpoch),
                ], on: connection, files: files)
            return !inserted.isEmpty
        }
    }

    public func acceptedEvents(machine: String, limit: Int) async throws(MachineStoreError) -> [AcceptedEvent] {
        let rows = try await query(
            """
            SELECT position, event_id, event, accepted_at FROM statecraft_inbox WHERE machine_id = ?
            ORDER BY position LIMIT ?
            """,
            [.text(machine), .integer(Int64(max(limit, 0)))])
        var events: [AcceptedEvent] = []
        for row in rows {
            guard let position = row[0].integer, let eventID = row[1].text, let event = row[2].text,
                let acceptedAt = row[3].integer
            else { throw .corrupt("an accepted event of machine \"\(machine)\" lacks a column") }
            events.append(
                AcceptedEvent(
                    machine: machine, position: position, eventID: eventID, event: Data(event.utf8),
                    acceptedAt: DurableInstant(nanosecondsSinceEpoch: acceptedAt)))
        }
        return events
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
}
