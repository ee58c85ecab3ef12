import Foundation
import StatecraftPersistence

extension SQLiteMachineStore: EffectOutbox {
    public func pendingEffects(machine: String) async throws(MachineStoreError) -> [PendingEffect] {
        try Self.pendingEffects(
            try await query(
                "SELECT machine_id, effect, started_at FROM statecraft_outbox WHERE machine_id = ? ORDER BY effect",
                [.text(machine)]))
    }

    public func pendingEffects(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [PendingEffect]
    {
        let (filter, binds) = Self.slotFilter(shards: shards, shardCount: shardCount, column: "slot")
        return try Self.pendingEffects(
            try await query(
                """
                SELECT machine_id, effect, started_at FROM statecraft_outbox WHERE \(filter)
                ORDER BY slot, machine_id, effect LIMIT ?
                """, binds + [.integer(Int64(max(limit, 0)))]))
    }

    public func discardEffect(machine: String, key: String) async throws(MachineStoreError) {
        _ = try await query(
            "DELETE FROM statecraft_outbox WHERE machine_id = ? AND effect_key = ?", [.text(machine), .text(key)])
    }

    /// Decodes rows of machine, effect and start.
    private static func pendingEffects(_ rows: [[SQLiteValue]]) throws(MachineStoreError) -> [PendingEffect] {
        var effects: [PendingEffect] = []
        for row in rows {
            guard let machine = row[0].text, let effect = row[1].text, let startedAt = row[2].integer else {
                throw .corrupt("a pending effect lacks a column")
            }
            effects.append(PendingEffect(machine: machine, effect: effect, startedAt: startedAt))
        }
        return effects
    }

    /// The outbox's part of a machine's commit, inside the caller's transaction: the completed effects
    /// deleted (each must be there), then the cancelled and restarted ones, then the started ones inserted.
    ///
    /// - Throws: ``MachineStoreError/effectNotPending(machine:key:)`` for a completed effect not pending.
    static func writeEffects(_ commit: MachineCommit, on connection: SQLiteConnection, files: SQLiteStoreFiles)
        throws(MachineStoreError)
    {
        let machine = commit.machine
        for key in commit.completedEffects {
            let deleted = try query(
                "DELETE FROM statecraft_outbox WHERE machine_id = ? AND effect_key = ? RETURNING 1",
                [.text(machine), .text(key)], on: connection, files: files)
            guard !deleted.isEmpty else { throw MachineStoreError.effectNotPending(machine: machine, key: key) }
        }
        for effect in commit.cancelledEffects + commit.startedEffects.map(\.effect) {
            try execute(
                "DELETE FROM statecraft_outbox WHERE machine_id = ? AND effect = ?", [.text(machine), .text(effect)],
                on: connection, files: files)
        }
        let slot = Int64(MachineShard.slot(of: machine))
        for effect in commit.startedEffects {
            try execute(
                """
                INSERT INTO statecraft_outbox (machine_id, effect, started_at, effect_key, slot) VALUES (?, ?, ?, ?, ?)
                """,
                [.text(machine), .text(effect.effect), .integer(effect.startedAt), .text(effect.key), .integer(slot)],
                on: connection, files: files)
        }
    }
}
