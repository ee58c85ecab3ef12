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
}
