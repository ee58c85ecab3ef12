import Foundation
import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore: EffectOutbox {
    public func pendingEffects(machine: String) async throws(MachineStoreError) -> [PendingEffect] {
        try await perform { connection, logger in
            try await Self.pendingEffects(
                try await connection.query(
                    """
                    SELECT machine_id, effect, started_at FROM statecraft_outbox WHERE machine_id = \(machine)
                    ORDER BY effect
                    """, logger: logger))
        }
    }

    public func pendingEffects(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [PendingEffect]
    {
        let (everything, slots) = Self.slotCondition(shards: shards, shardCount: shardCount)
        return try await perform { connection, logger in
            try await Self.pendingEffects(
                try await connection.query(
                    """
                    SELECT machine_id, effect, started_at FROM statecraft_outbox
                    WHERE \(everything) OR slot = ANY(\(slots)::INTEGER[])
                    ORDER BY slot, machine_id, effect LIMIT \(Int64(max(limit, 0)))
                    """, logger: logger))
        }
    }

    public func discardEffect(machine: String, key: String) async throws(MachineStoreError) {
        try await perform { connection, logger in
            try await connection.query(
                "DELETE FROM statecraft_outbox WHERE machine_id = \(machine) AND effect_key = \(key)", logger: logger)
            return ()
        }
    }

    /// The condition selecting the slots of `shards` (among `shardCount`): `everything` when they are every
    /// slot — no condition, and no array of 4096 sent — else the slots, for `slot = ANY(…)`.
    static func slotCondition(shards: [Int], shardCount: Int) -> (everything: Bool, slots: [Int64]) {
        let all = MachineShard.slots(of: shards, count: shardCount).map(Int64.init)
        let everything = all.count == MachineShard.slotCount
        return (everything, everything ? [] : all)
    }

    /// Decodes rows of machine, effect and start.
    private static func pendingEffects(_ rows: PostgresRowSequence) async throws -> [PendingEffect] {
        var effects: [PendingEffect] = []
        for try await (machine, effect, startedAt) in rows.decode((String, String, Int64).self) {
            effects.append(PendingEffect(machine: machine, effect: effect, startedAt: startedAt))
        }
        return effects
    }

    /// The outbox's part of a batch, inside the caller's transaction, in three statements: the completed
    /// effects deleted (each must be there), then the cancelled and restarted ones, then the started ones
    /// inserted.
    ///
    /// - Throws: ``MachineStoreError/effectNotPending(machine:key:)`` for the first completed effect not
    ///   pending.
    static func writeEffects(_ commits: [MachineCommit], on connection: PostgresConnection, logger: Logger)
        async throws
    {
        let completed = commits.flatMap { commit in commit.completedEffects.map { (commit.machine, $0) } }
        if !completed.isEmpty {
            let rows = try await connection.query(
                """
                DELETE FROM statecraft_outbox o
                USING unnest(\(completed.map(\.0))::TEXT[], \(completed.map(\.1))::TEXT[]) AS c(machine_id, effect_key)
                WHERE o.machine_id = c.machine_id AND o.effect_key = c.effect_key RETURNING o.machine_id, o.effect_key
                """, logger: logger)
            var deleted: Set<[String]> = []
            for try await (machine, key) in rows.decode((String, String).self) { deleted.insert([machine, key]) }
            if let missing = completed.first(where: { !deleted.contains([$0.0, $0.1]) }) {
                throw MachineStoreError.effectNotPending(machine: missing.0, key: missing.1)
            }
        }
        let removed = commits.flatMap { commit in
            (commit.cancelledEffects + commit.startedEffects.map(\.effect)).map { (commit.machine, $0) }
        }
        if !removed.isEmpty {
            try await connection.query(
                """
                DELETE FROM statecraft_outbox o
                USING unnest(\(removed.map(\.0))::TEXT[], \(removed.map(\.1))::TEXT[]) AS c(machine_id, effect)
                WHERE o.machine_id = c.machine_id AND o.effect = c.effect
                """, logger: logger)
        }
        let started = commits.flatMap(\.startedEffects)
        if !started.isEmpty {
            try await connection.query(
                """
                INSERT INTO statecraft_outbox (machine_id, effect, started_at, effect_key, slot)
                SELECT * FROM unnest(\(started.map(\.machine))::TEXT[], \(started.map(\.effect))::TEXT[],
                    \(started.map(\.startedAt))::BIGINT[], \(started.map(\.key))::TEXT[],
                    \(started.map { Int64(MachineShard.slot(of: $0.machine)) })::INTEGER[])
                """, logger: logger)
        }
    }
}
