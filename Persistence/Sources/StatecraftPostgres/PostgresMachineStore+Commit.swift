import Foundation
import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore {
    /// Writes every machine's commit in one transaction: one commit record and one flush for all of them.
    ///
    /// Each machine's row is updated only `WHERE version = ` its base version (inserted only if absent, for
    /// a machine's first commit), its entries are inserted only if their event identifiers are new for it;
    /// when either touches fewer rows than it should, the transaction rolls back and nothing is written.
    ///
    /// - Parameter commits: At most one per machine.
    /// - Throws: ``MachineStoreError/conflict(machine:expected:found:)``,
    ///   ``MachineStoreError/duplicateEvent(machine:eventID:)``, or the failures of the store.
    /// - Complexity: One transaction; about five statements per machine.
    public func commit(_ commits: [MachineCommit]) async throws(MachineStoreError) {
        guard !commits.isEmpty else { return }
        try await withClient { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                for commit in commits { try await Self.write(commit, on: connection, logger: logger) }
            }
        }
    }

    /// One machine's part of a commit, inside the caller's transaction.
    private static func write(_ commit: MachineCommit, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        let machine = commit.machine
        let consumed = commit.entries.map(\.eventID) + commit.discarded
        if !consumed.isEmpty {
            try await connection.query(
                "DELETE FROM statecraft_inbox WHERE machine_id = \(machine) AND event_id = ANY(\(consumed)::TEXT[])",
                logger: logger)
        }
        guard let last = commit.entries.last else { return }
        let base = commit.baseVersion
        let written: PostgresRowSequence
        switch (base, commit.snapshot) {
        case (0, let snapshot?):
            written = try await connection.query(
                """
                INSERT INTO statecraft_machines (id, version, snapshot, snapshot_version, snapshot_at)
                VALUES (\(machine), \(last.sequence), \(String(decoding: snapshot.data, as: UTF8.self)),
                    \(snapshot.version), \(snapshot.takenAt.nanosecondsSinceEpoch))
                ON CONFLICT (id) DO NOTHING RETURNING version
                """, logger: logger)
        case (0, nil):
            throw MachineStoreError.corrupt("machine \"\(machine)\": its first commit carries no snapshot")
        case (_, let snapshot?):
            written = try await connection.query(
                """
                UPDATE statecraft_machines SET version = \(last.sequence),
                    snapshot = \(String(decoding: snapshot.data, as: UTF8.self)),
                    snapshot_version = \(snapshot.version), snapshot_at = \(snapshot.takenAt.nanosecondsSinceEpoch)
                WHERE id = \(machine) AND version = \(base) RETURNING version
                """, logger: logger)
        case (_, nil):
            written = try await connection.query(
                """
                UPDATE statecraft_machines SET version = \(last.sequence)
                WHERE id = \(machine) AND version = \(base) RETURNING version
                """, logger: logger)
        }
        guard try await count(written) == 1 else {
            let current = try await connection.query(
                "SELECT version FROM statecraft_machines WHERE id = \(machine)", logger: logger)
            var found: Int64 = 0
            for try await version in current.decode(Int64.self) { found = version }
            throw MachineStoreError.conflict(machine: machine, expected: base, found: found)
        }
        let journaled = try await connection.query(
            """
            INSERT INTO statecraft_journal (machine_id, sequence, event_id, event, applied_at, fires_timer)
            SELECT \(machine), sequence, event_id, event, applied_at, fires_timer
            FROM unnest(\(commit.entries.map(\.sequence))::BIGINT[], \(commit.entries.map(\.eventID))::TEXT[],
                \(commit.entries.map { String(decoding: $0.event, as: UTF8.self) })::TEXT[],
                \(commit.entries.map(\.appliedAt.nanosecondsSinceEpoch))::BIGINT[],
                \(commit.entries.map(\.firesTimer))::BOOLEAN[])
                AS entries(sequence, event_id, event, applied_at, fires_timer)
            ON CONFLICT (machine_id, event_id) DO NOTHING RETURNING event_id
            """, logger: logger)
        var inserted: Set<String> = []
        for try await eventID in journaled.decode(String.self) { inserted.insert(eventID) }
        if let repeated = commit.entries.first(where: { !inserted.contains($0.eventID) }) {
            throw MachineStoreError.duplicateEvent(machine: machine, eventID: repeated.eventID)
        }
        if base > 0 {
            try await connection.query("DELETE FROM statecraft_timers WHERE machine_id = \(machine)", logger: logger)
        }
        if !commit.timers.isEmpty {
            try await connection.query(
                """
                INSERT INTO statecraft_timers (machine_id, position, due, slot)
                SELECT \(machine), (ordinality - 1)::INTEGER, due, \(Int64(MachineShard.slot(of: machine)))
                FROM unnest(\(commit.timers.map(\.nanosecondsSinceEpoch))::BIGINT[])
                    WITH ORDINALITY AS timers(due, ordinality)
                """, logger: logger)
        }
    }
}
