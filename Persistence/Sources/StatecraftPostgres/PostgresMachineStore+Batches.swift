import Foundation
import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore {
    /// Loads many machines in one transaction of two statements: their rows with their timers, then the
    /// journal entries after the older snapshots, each machine's up to the version read (as
    /// ``load(machine:)`` does for one).
    ///
    /// - Complexity: Two round trips, whatever the number of machines.
    public func load(machines: [String]) async throws(MachineStoreError) -> [String: StoredMachine] {
        guard !machines.isEmpty else { return [:] }
        return try await withClient { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                let rows = try await connection.query(
                    """
                    SELECT id, version, snapshot, snapshot_version, snapshot_at,
                        ARRAY(SELECT due FROM statecraft_timers WHERE machine_id = m.id ORDER BY position)
                    FROM statecraft_machines m WHERE id = ANY(\(machines)::TEXT[])
                    """, logger: logger)
                var stored: [String: StoredMachine] = [:]
                var replays: [(id: String, after: Int64, through: Int64, takenAt: Int64)] = []
                for try await (id, version, snapshot, snapshotVersion, takenAt, timers) in rows.decode(
                    (String, Int64, String, Int64, Int64, [Int64]).self)
                {
                    stored[id] = StoredMachine(
                        snapshot: Data(snapshot.utf8), version: version,
                        timers: timers.map(DurableInstant.init(nanosecondsSinceEpoch:)))
                    if snapshotVersion < version { replays.append((id, snapshotVersion, version, takenAt)) }
                }
                guard !replays.isEmpty else { return stored }
                let entries = try await connection.query(
                    """
                    SELECT j.machine_id, j.sequence, j.event_id, j.event, j.applied_at, j.fires_timer
                    FROM unnest(\(replays.map(\.id))::TEXT[], \(replays.map(\.after))::BIGINT[],
                        \(replays.map(\.through))::BIGINT[]) AS r(id, after, through)
                    JOIN statecraft_journal j ON j.machine_id = r.id AND j.sequence > r.after
                        AND j.sequence <= r.through
                    ORDER BY j.machine_id, j.sequence
                    """, logger: logger)
                var journals: [String: [JournalEntry]] = [:]
                for try await (id, sequence, eventID, event, appliedAt, firesTimer) in entries.decode(
                    (String, Int64, String, String, Int64, Bool).self)
                {
                    journals[id, default: []].append(
                        JournalEntry(
                            sequence: sequence, eventID: eventID, event: Data(event.utf8),
                            appliedAt: DurableInstant(nanosecondsSinceEpoch: appliedAt), firesTimer: firesTimer))
                }
                for replay in replays {
                    stored[replay.id]?.replay = StoredMachine.Replay(
                        snapshotVersion: replay.after, takenAt: DurableInstant(nanosecondsSinceEpoch: replay.takenAt),
                        entries: journals[replay.id] ?? [])
                }
                return stored
            }
        }
    }
}
