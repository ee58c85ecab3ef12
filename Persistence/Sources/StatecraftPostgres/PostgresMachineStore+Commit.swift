import Foundation
import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore {
    /// Writes every machine's commit in one statement — one round trip to the server, one transaction, one
    /// commit record and one flush for all of them.
    ///
    /// The statement's parts each cover every machine of the batch (arrays unnested): the inbox events
    /// consumed are deleted; each machine's row is updated only `WHERE version = ` its base version (inserted
    /// only if absent, for a machine's first commit); then, only if every machine's row was written, the
    /// entries are inserted when their event identifiers are new for their machine, the timers replaced and
    /// the durable effects inserted; the effects completed (each must be pending) and those cancelled are
    /// deleted. Should a part touch fewer rows than it must, the statement calls `statecraft_refuse`, whose
    /// error rolls the whole statement back: nothing is written.
    ///
    /// - Parameter commits: At most one per machine.
    /// - Throws: ``MachineStoreError/conflict(machine:expected:found:)``,
    ///   ``MachineStoreError/duplicateEvent(machine:eventID:)``,
    ///   ``MachineStoreError/effectNotPending(machine:key:)``, or the failures of the store.
    /// - Complexity: One statement, whatever the number of machines; a second one to read the stored version
    ///   after a conflict.
    public func commit(_ commits: [MachineCommit]) async throws(MachineStoreError) {
        // In identifier order: two statements locking some of the same rows lock them in the same order.
        let commits = commits.sorted { $0.machine < $1.machine }
        guard !commits.isEmpty else { return }
        if let first = commits.first(where: { $0.baseVersion == 0 && $0.snapshot == nil && !$0.entries.isEmpty }) {
            throw .corrupt("machine \"\(first.machine)\": its first commit carries no snapshot")
        }
        let statement = Self.commitStatement(commits)
        try await perform { connection, logger in
            do {
                // The refusal comes in place of the statement's rows: read them to meet it.
                let rows = try await connection.execute(PreparedQuery<CommitText>(statement), logger: logger)
                for try await _ in rows {}
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.refusalState {
                throw try await Self.refusal(error, of: commits, on: connection, logger: logger)
            }
        }
    }

    /// The SQLSTATE of `statecraft_refuse`'s error: a commit refused by its own statement.
    static let refusalState = "SC409"

    /// The typed error for a commit refused by `statecraft_refuse`: its message names the problem, its
    /// detail the machine, its hint the event or effect.
    private static func refusal(
        _ error: PSQLError, of commits: [MachineCommit], on connection: PostgresConnection, logger: Logger
    ) async throws -> MachineStoreError {
        let problem = error.serverInfo?[.message] ?? ""
        let machine = error.serverInfo?[.detail] ?? ""
        let detail = error.serverInfo?[.hint] ?? ""
        switch problem {
        case "duplicate event":
            return .duplicateEvent(machine: machine, eventID: detail)
        case "effect not pending":
            return .effectNotPending(machine: machine, key: detail)
        default:
            // A conflict: the version stored now, read after the statement rolled back.
            let rows = try await connection.query(
                "SELECT version FROM statecraft_machines WHERE id = \(machine)", logger: logger)
            var found: Int64 = 0
            for try await version in rows.decode(Int64.self) { found = version }
            let expected = commits.first { $0.machine == machine }?.baseVersion ?? 0
            return .conflict(machine: machine, expected: expected, found: found)
        }
    }

    /// The batch's statement: data-modifying parts (`WITH … AS (INSERT | UPDATE | DELETE …)`) that all see
    /// the database as it was when the statement started.
    ///
    /// Parts on the same rows are ordered by making the later one read the earlier one's result: a one-time
    /// condition `(SELECT COUNT(*) FROM earlier) >= 0` runs the earlier part to its end before the later one
    /// writes a row. So the timers are deleted before they are inserted again, and the effects completed or
    /// cancelled before those started are inserted (a completed effect may start again under a new key).
    /// The inserts wait for the machines' rows and happen only if all of them were written (`ready`): a
    /// stale batch never meets the journal's or the timers' keys, and is refused as a conflict.
    static func commitStatement(_ commits: [MachineCommit]) -> PostgresQuery {
        let consumed = commits.flatMap { commit in
            (commit.entries.map(\.eventID) + commit.discarded).map { (commit.machine, $0) }
        }
        let stepping = commits.filter { !$0.entries.isEmpty }
        let snapshots = stepping.map(\.snapshot)
        let entries = stepping.flatMap { commit in commit.entries.map { (machine: commit.machine, entry: $0) } }
        let timers = stepping.flatMap { commit in
            commit.timers.enumerated().map { (commit.machine, Int64($0.offset), $0.element.nanosecondsSinceEpoch) }
        }
        let completed = stepping.flatMap { commit in commit.completedEffects.map { (commit.machine, $0) } }
        let removed = stepping.flatMap { commit in
            (commit.cancelledEffects + commit.startedEffects.map(\.effect)).map { (commit.machine, $0) }
        }
        let started = stepping.flatMap(\.startedEffects)
        return """
            WITH c AS (
                SELECT * FROM unnest(\(stepping.map(\.machine))::TEXT[], \(stepping.map(\.baseVersion))::BIGINT[],
                    \(stepping.map { $0.entries.last?.sequence ?? 0 })::BIGINT[],
                    \(snapshots.map { $0 != nil })::BOOLEAN[],
                    \(snapshots.map { $0.map { String(decoding: $0.data, as: UTF8.self) } ?? "" })::TEXT[],
                    \(snapshots.map { $0?.version ?? 0 })::BIGINT[],
                    \(snapshots.map { $0?.takenAt.nanosecondsSinceEpoch ?? 0 })::BIGINT[])
                    AS c(id, base, version, snapshotted, snapshot, snapshot_version, snapshot_at)),
            consumed AS (
                DELETE FROM statecraft_inbox i
                USING unnest(\(consumed.map(\.0))::TEXT[], \(consumed.map(\.1))::TEXT[]) AS x(machine_id, event_id)
                WHERE i.machine_id = x.machine_id AND i.event_id = x.event_id),
            created AS (
                INSERT INTO statecraft_machines (id, version, snapshot, snapshot_version, snapshot_at)
                SELECT id, version, snapshot, snapshot_version, snapshot_at FROM c WHERE base = 0
                ON CONFLICT (id) DO NOTHING RETURNING id),
            advanced AS (
                UPDATE statecraft_machines AS m SET version = c.version,
                    snapshot = CASE WHEN c.snapshotted THEN c.snapshot ELSE m.snapshot END,
                    snapshot_version = CASE WHEN c.snapshotted THEN c.snapshot_version ELSE m.snapshot_version END,
                    snapshot_at = CASE WHEN c.snapshotted THEN c.snapshot_at ELSE m.snapshot_at END
                FROM c WHERE c.base > 0 AND m.id = c.id AND m.version = c.base RETURNING m.id),
            written AS (SELECT id FROM created UNION ALL SELECT id FROM advanced),
            ready AS (SELECT (SELECT COUNT(*) FROM written) = (SELECT COUNT(*) FROM c) AS ok),
            entries AS (
                SELECT * FROM unnest(\(entries.map(\.machine))::TEXT[], \(entries.map(\.entry.sequence))::BIGINT[],
                    \(entries.map(\.entry.eventID))::TEXT[],
                    \(entries.map { String(decoding: $0.entry.event, as: UTF8.self) })::TEXT[],
                    \(entries.map(\.entry.appliedAt.nanosecondsSinceEpoch))::BIGINT[],
                    \(entries.map(\.entry.firesTimer))::BOOLEAN[])
                    WITH ORDINALITY AS e(machine_id, sequence, event_id, event, applied_at, fires_timer, n)),
            journaled AS (
                INSERT INTO statecraft_journal (machine_id, sequence, event_id, event, applied_at, fires_timer)
                SELECT machine_id, sequence, event_id, event, applied_at, fires_timer FROM entries
                WHERE (SELECT ok FROM ready)
                ON CONFLICT (machine_id, event_id) DO NOTHING RETURNING machine_id, event_id),
            cleared AS (
                DELETE FROM statecraft_timers t USING c WHERE c.base > 0 AND t.machine_id = c.id RETURNING 1),
            timed AS (
                INSERT INTO statecraft_timers (machine_id, position, due, slot)
                SELECT * FROM unnest(\(timers.map(\.0))::TEXT[], \(timers.map(\.1))::INTEGER[],
                    \(timers.map(\.2))::BIGINT[], \(timers.map { Int64(MachineShard.slot(of: $0.0)) })::INTEGER[])
                WHERE (SELECT ok FROM ready) AND (SELECT COUNT(*) FROM cleared) >= 0),
            completing AS (
                SELECT * FROM unnest(\(completed.map(\.0))::TEXT[], \(completed.map(\.1))::TEXT[])
                    WITH ORDINALITY AS k(machine_id, effect_key, n)),
            completed AS (
                DELETE FROM statecraft_outbox o USING completing k
                WHERE o.machine_id = k.machine_id AND o.effect_key = k.effect_key RETURNING o.machine_id, o.effect_key),
            removed AS (
                DELETE FROM statecraft_outbox o
                USING unnest(\(removed.map(\.0))::TEXT[], \(removed.map(\.1))::TEXT[]) AS r(machine_id, effect)
                WHERE o.machine_id = r.machine_id AND o.effect = r.effect AND NOT EXISTS (
                    SELECT 1 FROM completing k WHERE k.machine_id = o.machine_id AND k.effect_key = o.effect_key)
                RETURNING 1),
            started AS (
                INSERT INTO statecraft_outbox (machine_id, effect, started_at, effect_key, slot)
                SELECT * FROM unnest(\(started.map(\.machine))::TEXT[], \(started.map(\.effect))::TEXT[],
                    \(started.map(\.startedAt))::BIGINT[], \(started.map(\.key))::TEXT[],
                    \(started.map { Int64(MachineShard.slot(of: $0.machine)) })::INTEGER[])
                WHERE (SELECT ok FROM ready) AND (SELECT COUNT(*) FROM completed) + (SELECT COUNT(*) FROM removed) >= 0)
            SELECT statecraft_refuse(problem, machine, detail) FROM (
                SELECT 1 AS rank, c.id AS machine, 0::BIGINT AS n, 'conflict' AS problem, '' AS detail FROM c
                WHERE c.id NOT IN (SELECT id FROM written)
                UNION ALL
                SELECT 2, e.machine_id, e.n, 'duplicate event', e.event_id FROM entries e WHERE NOT EXISTS (
                    SELECT 1 FROM journaled j WHERE j.machine_id = e.machine_id AND j.event_id = e.event_id)
                UNION ALL
                SELECT 3, k.machine_id, k.n, 'effect not pending', k.effect_key FROM completing k WHERE NOT EXISTS (
                    SELECT 1 FROM completed d WHERE d.machine_id = k.machine_id AND d.effect_key = k.effect_key)
                ORDER BY rank, machine, n LIMIT 1) AS problems
            """
    }
}

/// The text of ``PostgresMachineStore/commit(_:)``'s statement, prepared once per connection.
enum CommitText: PreparedQueryText {
    static let sql = PostgresMachineStore.commitStatement([]).sql
}
