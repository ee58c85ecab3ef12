import Foundation
import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore {
    /// Writes every machine's commit in one transaction: one commit record and one flush for all of them.
    ///
    /// Each statement covers every machine of the batch (arrays unnested): the inbox events consumed are
    /// deleted; each machine's row is updated only `WHERE version = ` its base version (inserted only if
    /// absent, for a machine's first commit); the entries are inserted only if their event identifiers are
    /// new for their machine; the timers are replaced; the durable effects completed are deleted (each must be
    /// pending), then those cancelled, and those started inserted. When a statement touches fewer rows than it should,
    /// the transaction rolls back and nothing is written.
    ///
    /// - Parameter commits: At most one per machine.
    /// - Throws: ``MachineStoreError/conflict(machine:expected:found:)``,
    ///   ``MachineStoreError/duplicateEvent(machine:eventID:)``, or the failures of the store.
    /// - Complexity: One transaction of at most seven statements, whatever the number of machines, and three
    ///   more when the machines start, cancel or complete durable effects (``EffectOutbox``).
    public func commit(_ commits: [MachineCommit]) async throws(MachineStoreError) {
        // In identifier order: two transactions locking some of the same rows lock them in the same order.
        let commits = commits.sorted { $0.machine < $1.machine }
        guard !commits.isEmpty else { return }
        if let first = commits.first(where: { $0.baseVersion == 0 && $0.snapshot == nil && !$0.entries.isEmpty }) {
            throw .corrupt("machine \"\(first.machine)\": its first commit carries no snapshot")
        }
        try await withClient { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                try await Self.write(commits, on: connection, logger: logger)
            }
        }
    }

    /// The batch's statements, inside the caller's transaction.
    private static func write(_ commits: [MachineCommit], on connection: PostgresConnection, logger: Logger)
        async throws
    {
        let consumed = commits.flatMap { commit in
            (commit.entries.map(\.eventID) + commit.discarded).map { (commit.machine, $0) }
        }
        if !consumed.isEmpty {
            try await connection.query(
                """
                DELETE FROM statecraft_inbox i USING unnest(\(consumed.map(\.0))::TEXT[], \(consumed.map(\.1))::TEXT[])
                    AS c(machine_id, event_id)
                WHERE i.machine_id = c.machine_id AND i.event_id = c.event_id
                """, logger: logger)
        }
        let stepping = commits.filter { !$0.entries.isEmpty }
        guard !stepping.isEmpty else { return }
        try await writeMachines(stepping, on: connection, logger: logger)
        try await writeJournal(stepping, on: connection, logger: logger)
        try await writeEffects(stepping, on: connection, logger: logger)
        let existing = stepping.filter { $0.baseVersion > 0 }.map(\.machine)
        if !existing.isEmpty {
            try await connection.query(
                "DELETE FROM statecraft_timers WHERE machine_id = ANY(\(existing)::TEXT[])", logger: logger)
        }
        let timers = stepping.flatMap { commit in
            commit.timers.enumerated().map { (commit.machine, Int64($0.offset), $0.element.nanosecondsSinceEpoch) }
        }
        if !timers.isEmpty {
            try await connection.query(
                """
                INSERT INTO statecraft_timers (machine_id, position, due, slot)
                SELECT machine_id, position, due, slot
                FROM unnest(\(timers.map(\.0))::TEXT[], \(timers.map(\.1))::INTEGER[], \(timers.map(\.2))::BIGINT[],
                    \(timers.map { Int64(MachineShard.slot(of: $0.0)) })::INTEGER[])
                    AS timers(machine_id, position, due, slot)
                """, logger: logger)
        }
    }

    /// The machines' rows: inserted for first commits, updated from their base version otherwise — with
    /// the new snapshot when there is one.
    ///
    /// - Throws: ``MachineStoreError/conflict(machine:expected:found:)`` for the first machine whose stored
    ///   version is not its commit's base.
    private static func writeMachines(
        _ commits: [MachineCommit], on connection: PostgresConnection, logger: Logger
    ) async throws {
        let created = commits.filter { $0.baseVersion == 0 }
        let snapshotted = commits.filter { $0.baseVersion > 0 && $0.snapshot != nil }
        let advanced = commits.filter { $0.baseVersion > 0 && $0.snapshot == nil }
        var written: Set<String> = []
        func collect(_ rows: PostgresRowSequence) async throws {
            for try await machine in rows.decode(String.self) { written.insert(machine) }
        }
        func snapshots(_ commits: [MachineCommit]) -> ([String], [Int64], [Int64]) {
            let stored = commits.compactMap(\.snapshot)
            return (
                stored.map { String(decoding: $0.data, as: UTF8.self) }, stored.map(\.version),
                stored.map(\.takenAt.nanosecondsSinceEpoch)
            )
        }
        if !created.isEmpty {
            let (texts, versions, instants) = snapshots(created)
            try await collect(
                try await connection.query(
                    """
                    INSERT INTO statecraft_machines (id, version, snapshot, snapshot_version, snapshot_at)
                    SELECT * FROM unnest(\(created.map(\.machine))::TEXT[],
                        \(created.map { $0.entries.last?.sequence ?? 0 })::BIGINT[], \(texts)::TEXT[],
                        \(versions)::BIGINT[], \(instants)::BIGINT[])
                    ON CONFLICT (id) DO NOTHING RETURNING id
                    """, logger: logger))
        }
        if !snapshotted.isEmpty {
            let (texts, versions, instants) = snapshots(snapshotted)
            try await collect(
                try await connection.query(
                    """
                    UPDATE statecraft_machines AS m SET version = u.version, snapshot = u.snapshot,
                        snapshot_version = u.snapshot_version, snapshot_at = u.snapshot_at
                    FROM unnest(\(snapshotted.map(\.machine))::TEXT[], \(snapshotted.map(\.baseVersion))::BIGINT[],
                        \(snapshotted.map { $0.entries.last?.sequence ?? 0 })::BIGINT[], \(texts)::TEXT[],
                        \(versions)::BIGINT[], \(instants)::BIGINT[])
                        AS u(id, base, version, snapshot, snapshot_version, snapshot_at)
                    WHERE m.id = u.id AND m.version = u.base RETURNING m.id
                    """, logger: logger))
        }
        if !advanced.isEmpty {
            try await collect(
                try await connection.query(
                    """
                    UPDATE statecraft_machines AS m SET version = u.version
                    FROM unnest(\(advanced.map(\.machine))::TEXT[], \(advanced.map(\.baseVersion))::BIGINT[],
                        \(advanced.map { $0.entries.last?.sequence ?? 0 })::BIGINT[]) AS u(id, base, version)
                    WHERE m.id = u.id AND m.version = u.base RETURNING m.id
                    """, logger: logger))
        }
        guard let stale = commits.first(where: { !written.contains($0.machine) }) else { return }
        let current = try await connection.query(
            "SELECT version FROM statecraft_machines WHERE id = \(stale.machine)", logger: logger)
        var found: Int64 = 0
        for try await version in current.decode(Int64.self) { found = version }
        throw MachineStoreError.conflict(machine: stale.machine, expected: stale.baseVersion, found: found)
    }

    /// The machines' journal entries.
    ///
    /// - Throws: ``MachineStoreError/duplicateEvent(machine:eventID:)`` for the first entry whose event is
    ///   already in its machine's journal.
    private static func writeJournal(
        _ commits: [MachineCommit], on connection: PostgresConnection, logger: Logger
    ) async throws {
        let entries = commits.flatMap { commit in commit.entries.map { (machine: commit.machine, entry: $0) } }
        let events = entries.map { String(decoding: $0.entry.event, as: UTF8.self) }
        let journaled = try await connection.query(
            """
            INSERT INTO statecraft_journal (machine_id, sequence, event_id, event, applied_at, fires_timer)
            SELECT * FROM unnest(\(entries.map(\.machine))::TEXT[], \(entries.map(\.entry.sequence))::BIGINT[],
                \(entries.map(\.entry.eventID))::TEXT[], \(events)::TEXT[],
                \(entries.map(\.entry.appliedAt.nanosecondsSinceEpoch))::BIGINT[],
                \(entries.map(\.entry.firesTimer))::BOOLEAN[])
            ON CONFLICT (machine_id, event_id) DO NOTHING RETURNING machine_id, event_id
            """, logger: logger)
        var inserted: Set<[String]> = []
        for try await (machine, eventID) in journaled.decode((String, String).self) {
            inserted.insert([machine, eventID])
        }
        if let repeated = entries.first(where: { !inserted.contains([$0.machine, $0.entry.eventID]) }) {
            throw MachineStoreError.duplicateEvent(machine: repeated.machine, eventID: repeated.entry.eventID)
        }
    }
}
