import Foundation
import StatecraftPersistence

extension SQLiteMachineStore: ShardLeases {
    public func claimShards(
        owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant
    ) async throws(MachineStoreError) -> [Int] {
        try await transaction { connection, files throws(MachineStoreError) in
            for shard in 0..<shardCount {
                try Self.execute(
                    "INSERT INTO statecraft_leases (shard, owner, expires) VALUES (?, '', 0) ON CONFLICT DO NOTHING",
                    [.integer(Int64(shard))], on: connection, files: files)
            }
            try Self.execute(
                "UPDATE statecraft_leases SET expires = ? WHERE owner = ? AND shard < ?",
                [.integer(until.nanosecondsSinceEpoch), .text(owner), .integer(Int64(shardCount))],
                on: connection, files: files)
            let held =
                try Self.query(
                    "SELECT COUNT(*) FROM statecraft_leases WHERE owner = ? AND shard < ?",
                    [.text(owner), .integer(Int64(shardCount))], on: connection, files: files
                ).first?.first?.integer ?? 0
            try Self.execute(
                """
                UPDATE statecraft_leases SET owner = ?, expires = ? WHERE shard IN (
                    SELECT shard FROM statecraft_leases WHERE shard < ? AND owner <> ? AND expires <= ?
                    ORDER BY shard LIMIT ?)
                """,
                [
                    .text(owner), .integer(until.nanosecondsSinceEpoch), .integer(Int64(shardCount)), .text(owner),
                    .integer(now.nanosecondsSinceEpoch), .integer(max(0, Int64(limit) - held)),
                ], on: connection, files: files)
            return try Self.query(
                "SELECT shard FROM statecraft_leases WHERE owner = ? AND shard < ? ORDER BY shard",
                [.text(owner), .integer(Int64(shardCount))], on: connection, files: files
            ).compactMap { $0.first?.integer.map(Int.init) }
        }
    }

    public func releaseShards(owner: String) async throws(MachineStoreError) {
        _ = try await query("UPDATE statecraft_leases SET owner = '', expires = 0 WHERE owner = ?", [.text(owner)])
    }

    public func shardLeases() async throws(MachineStoreError) -> [ShardLease] {
        try await query("SELECT shard, owner, expires FROM statecraft_leases ORDER BY shard").compactMap { row in
            guard let shard = row[0].integer, let owner = row[1].text, let expires = row[2].integer else { return nil }
            return ShardLease(
                shard: Int(shard), owner: owner, expires: DurableInstant(nanosecondsSinceEpoch: expires))
        }
    }

    public func dueTimers(shards: [Int], shardCount: Int, dueBy instant: DurableInstant, limit: Int)
        async throws(MachineStoreError) -> [PendingTimer]
    {
        let (filter, binds) = Self.slotFilter(shards: shards, shardCount: shardCount, column: "slot")
        return try await query(
            """
            SELECT machine_id, due FROM statecraft_timers t WHERE \(filter) AND due <= ? AND NOT EXISTS (
                SELECT 1 FROM statecraft_inbox i WHERE i.machine_id = t.machine_id)
            ORDER BY due, machine_id, position LIMIT ?
            """,
            binds + [.integer(instant.nanosecondsSinceEpoch), .integer(Int64(max(limit, 0)))]
        ).compactMap { row in
            guard let machine = row[0].text, let due = row[1].integer else { return nil }
            return PendingTimer(machine: machine, due: DurableInstant(nanosecondsSinceEpoch: due))
        }
    }
}
