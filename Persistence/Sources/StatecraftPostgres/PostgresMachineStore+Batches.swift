import Foundation
import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore {
    /// Loads many machines in one statement — so one view of the database, as one commit left each machine:
    /// their rows with their timers and the journal entries after their older snapshots, each machine's up to
    /// the version read.
    ///
    /// - Complexity: One round trip, whatever the number of machines.
    public func load(machines: [String]) async throws(MachineStoreError) -> [String: StoredMachine] {
        guard !machines.isEmpty else { return [:] }
        return try await perform { connection, logger in
            let rows = try await connection.query(
                """
                SELECT m.id, m.version, m.snapshot, m.snapshot_version, m.snapshot_at,
                    ARRAY(SELECT due FROM statecraft_timers WHERE machine_id = m.id ORDER BY position),
                    COALESCE(r.sequences, '{}'), COALESCE(r.event_ids, '{}'), COALESCE(r.events, '{}'),
                    COALESCE(r.applied, '{}'), COALESCE(r.fired, '{}')
                FROM statecraft_machines m LEFT JOIN LATERAL (
                    SELECT array_agg(j.sequence ORDER BY j.sequence) AS sequences,
                        array_agg(j.event_id ORDER BY j.sequence) AS event_ids,
                        array_agg(j.event ORDER BY j.sequence) AS events,
                        array_agg(j.applied_at ORDER BY j.sequence) AS applied,
                        array_agg(j.fires_timer ORDER BY j.sequence) AS fired
                    FROM statecraft_journal j
                    WHERE m.snapshot_version < m.version AND j.machine_id = m.id AND j.sequence > m.snapshot_version
                        AND j.sequence <= m.version) AS r ON TRUE
                WHERE m.id = ANY(\(machines)::TEXT[])
                """, logger: logger)
            var stored: [String: StoredMachine] = [:]
            for try await (
                id, version, snapshot, snapshotVersion, takenAt, timers, sequences, eventIDs, events,
                appliedAt, firesTimer
            ) in rows.decode(
                (String, Int64, String, Int64, Int64, [Int64], [Int64], [String], [String], [Int64], [Bool]).self)
            {
                var machine = StoredMachine(
                    snapshot: Data(snapshot.utf8), version: version,
                    timers: timers.map(DurableInstant.init(nanosecondsSinceEpoch:)))
                guard
                    [eventIDs.count, events.count, appliedAt.count, firesTimer.count].allSatisfy({
                        $0 == sequences.count
                    })
                else {
                    throw MachineStoreError.corrupt("machine \"\(id)\": its journal entries came back torn")
                }
                if snapshotVersion < version {
                    machine.replay = StoredMachine.Replay(
                        snapshotVersion: snapshotVersion, takenAt: DurableInstant(nanosecondsSinceEpoch: takenAt),
                        entries: sequences.indices.map { index in
                            JournalEntry(
                                sequence: sequences[index], eventID: eventIDs[index], event: Data(events[index].utf8),
                                appliedAt: DurableInstant(nanosecondsSinceEpoch: appliedAt[index]),
                                firesTimer: firesTimer[index])
                        })
                }
                stored[id] = machine
            }
            return stored
        }
    }
}
