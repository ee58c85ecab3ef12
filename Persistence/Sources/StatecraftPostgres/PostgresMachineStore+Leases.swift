import Foundation
import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore: ShardLeases {
    public func claimShards(
        owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant
    ) async throws(MachineStoreError) -> [Int] {
        let (count, expires, instant) = (Int64(shardCount), until.nanosecondsSinceEpoch, now.nanosecondsSinceEpoch)
        return try await withClient { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                // Only when rows are missing: an insert meeting a row that another claim is updating waits for
                // that claim's transaction, and every claim would wait for every other one.
                let rows = try await connection.query(
                    "SELECT COUNT(*) FROM statecraft_leases WHERE shard < \(count)", logger: logger)
                var existing: Int64 = 0
                for try await value in rows.decode(Int64.self) { existing = value }
                if existing < count {
                    try await connection.query(
                        """
                        INSERT INTO statecraft_leases (shard, owner, expires)
                        SELECT shard, '', 0 FROM generate_series(0, \(count) - 1) AS shards(shard)
                        ON CONFLICT (shard) DO NOTHING
                        """, logger: logger)
                }
                let renewed = try await connection.query(
                    """
                    UPDATE statecraft_leases SET expires = \(expires) WHERE owner = \(owner) AND shard < \(count)
                    RETURNING shard
                    """, logger: logger)
                var held: [Int] = []
                for try await shard in renewed.decode(Int64.self) { held.append(Int(shard)) }
                // The worker is live until its leases run out; the workers seen live share the shards.
                try await connection.query(
                    """
                    INSERT INTO statecraft_workers (owner, expires) VALUES (\(owner), \(expires))
                    ON CONFLICT (owner) DO UPDATE SET expires = EXCLUDED.expires
                    """, logger: logger)
                // Rows another worker is deleting are skipped: two deleting in different orders never deadlock.
                try await connection.query(
                    """
                    DELETE FROM statecraft_workers WHERE owner IN (
                        SELECT owner FROM statecraft_workers WHERE expires <= \(instant) FOR UPDATE SKIP LOCKED)
                    """, logger: logger)
                let live = try await connection.query(
                    "SELECT COUNT(*) FROM statecraft_workers WHERE expires > \(instant)", logger: logger)
                var workers: Int64 = 1
                for try await count in live.decode(Int64.self) { workers = count }
                let target = Self.fairShare(of: shardCount, workers: Int(workers), limit: limit)
                if held.count > target {
                    // Beyond its share (more workers came): the highest shards go back, free for the others
                    // at once.
                    let surplus = held.sorted().suffix(held.count - target).map(Int64.init)
                    try await connection.query(
                        """
                        UPDATE statecraft_leases SET owner = '', expires = 0
                        WHERE owner = \(owner) AND shard = ANY(\(surplus)::INTEGER[])
                        """, logger: logger)
                    held = Array(held.sorted().prefix(target))
                }
                // Free shards another worker is claiming right now are skipped, not waited for.
                let taken = try await connection.query(
                    """
                    WITH free AS (
                        SELECT shard FROM statecraft_leases
                        WHERE shard < \(count) AND owner <> \(owner) AND expires <= \(instant)
                        ORDER BY shard LIMIT \(Int64(max(0, target - held.count))) FOR UPDATE SKIP LOCKED)
                    UPDATE statecraft_leases AS lease SET owner = \(owner), expires = \(expires)
                    FROM free WHERE lease.shard = free.shard RETURNING lease.shard
                    """, logger: logger)
                for try await shard in taken.decode(Int64.self) { held.append(Int(shard)) }
                return held.sorted()
            }
        }
    }

    public func releaseShards(owner: String) async throws(MachineStoreError) {
        try await withClient { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "UPDATE statecraft_leases SET owner = '', expires = 0 WHERE owner = \(owner)", logger: logger)
                try await connection.query("DELETE FROM statecraft_workers WHERE owner = \(owner)", logger: logger)
            }
        }
    }

    public func shardLeases() async throws(MachineStoreError) -> [ShardLease] {
        try await perform { connection, logger in
            let rows = try await connection.query(
                "SELECT shard, owner, expires FROM statecraft_leases ORDER BY shard", logger: logger)
            var leases: [ShardLease] = []
            for try await (shard, owner, expires) in rows.decode((Int64, String, Int64).self) {
                leases.append(
                    ShardLease(
                        shard: Int(shard), owner: owner, expires: DurableInstant(nanosecondsSinceEpoch: expires)))
            }
            return leases
        }
    }

    public func dueTimers(shards: [Int], shardCount: Int, dueBy instant: DurableInstant, limit: Int)
        async throws(MachineStoreError) -> [PendingTimer]
    {
        let (everything, slots) = Self.slotCondition(shards: shards, shardCount: shardCount)
        return try await perform { connection, logger in
            let rows = try await connection.query(
                """
                SELECT machine_id, due FROM statecraft_timers t
                WHERE (\(everything) OR slot = ANY(\(slots)::INTEGER[])) AND due <= \(instant.nanosecondsSinceEpoch)
                AND NOT EXISTS (SELECT 1 FROM statecraft_inbox i WHERE i.machine_id = t.machine_id)
                ORDER BY due, machine_id, position LIMIT \(Int64(max(limit, 0)))
                """, logger: logger)
            var timers: [PendingTimer] = []
            for try await (machine, due) in rows.decode((String, Int64).self) {
                timers.append(PendingTimer(machine: machine, due: DurableInstant(nanosecondsSinceEpoch: due)))
            }
            return timers
        }
    }
}
