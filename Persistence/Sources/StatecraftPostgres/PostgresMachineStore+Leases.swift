import Foundation
import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore: ShardLeases {
    public func claimShards(
        owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant
    ) async throws(MachineStoreError) -> [Int] {
        let statement = Self.claimStatement(
            owner: owner, shardCount: shardCount, limit: limit, until: until, now: now)
        return try await perform { connection, logger in
            // A store's first claim creates the shards' rows, which its own statement cannot see yet: it then
            // claims again.
            for _ in 0..<2 {
                var held: [Int] = []
                var created = false
                let rows = try await connection.execute(PreparedQuery<ClaimText>(statement), logger: logger)
                for try await row in rows {
                    let (shard, isNew) = try row.decode((Int64, Bool).self)
                    if isNew { created = true } else { held.append(Int(shard)) }
                }
                if !created { return held.sorted() }
            }
            return []
        }
    }

    /// The claim's statement: data-modifying parts that all see the leases and workers as they were when it
    /// started, on disjoint rows — the worker's own record, the records of workers whose leases ran out, the
    /// worker's leases (renewed up to its fair share, given back beyond it) and free ones (taken up to it).
    ///
    /// Its rows are the shards the worker holds, and the shards whose rows it created (flagged), if any.
    static func claimStatement(
        owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant
    ) -> PostgresQuery {
        let (count, expires, instant) = (Int64(shardCount), until.nanosecondsSinceEpoch, now.nanosecondsSinceEpoch)
        // The fair share of 1, 2, … `shardCount` live workers (more have the share of `shardCount`): the rule
        // stays `fairShare(of:workers:limit:)`'s, the statement only picks an element.
        let shares = (1...shardCount).map { Int64(fairShare(of: shardCount, workers: $0, limit: limit)) }
        return """
            WITH seeded AS (
                -- Only when rows are missing: an insert meeting a row that another claim is updating waits
                -- for that claim's transaction, and every claim would wait for every other one.
                INSERT INTO statecraft_leases (shard, owner, expires)
                SELECT shard, '', 0 FROM generate_series(0, \(count) - 1) AS shards(shard)
                WHERE (SELECT COUNT(*) FROM statecraft_leases WHERE shard < \(count)) < \(count)
                ON CONFLICT (shard) DO NOTHING RETURNING shard),
            live AS (
                -- The worker is live until its leases run out; the workers seen live share the shards.
                INSERT INTO statecraft_workers (owner, expires) VALUES (\(owner), \(expires))
                ON CONFLICT (owner) DO UPDATE SET expires = EXCLUDED.expires),
            gone AS (
                -- Rows another claim is deleting are skipped: two deleting in different orders never deadlock.
                DELETE FROM statecraft_workers WHERE owner IN (
                    SELECT owner FROM statecraft_workers WHERE expires <= \(instant) AND owner <> \(owner)
                    FOR UPDATE SKIP LOCKED)),
            share AS (
                SELECT (\(shares)::INTEGER[])[LEAST(\(count), 1 + (
                    SELECT COUNT(*) FROM statecraft_workers WHERE expires > \(instant) AND owner <> \(owner)))::INTEGER]
                    AS target),
            held AS (
                SELECT shard, row_number() OVER (ORDER BY shard) AS rank FROM statecraft_leases
                WHERE owner = \(owner) AND shard < \(count)),
            renewed AS (
                -- Beyond its share (more workers came): the highest shards go back, free for the others at once.
                UPDATE statecraft_leases AS lease
                SET owner = CASE WHEN held.rank <= share.target THEN lease.owner ELSE '' END,
                    expires = CASE WHEN held.rank <= share.target THEN \(expires) ELSE 0 END
                FROM held, share WHERE lease.shard = held.shard AND lease.owner = \(owner)
                RETURNING lease.shard, lease.owner),
            free AS (
                -- Free shards another worker is claiming right now are skipped, not waited for.
                SELECT shard FROM statecraft_leases
                WHERE shard < \(count) AND owner <> \(owner) AND expires <= \(instant)
                ORDER BY shard LIMIT GREATEST(0, (SELECT target FROM share) - (SELECT COUNT(*) FROM held))
                FOR UPDATE SKIP LOCKED),
            taken AS (
                UPDATE statecraft_leases AS lease SET owner = \(owner), expires = \(expires)
                FROM free WHERE lease.shard = free.shard RETURNING lease.shard)
            SELECT shard::BIGINT, FALSE FROM renewed WHERE owner = \(owner)
            UNION ALL SELECT shard::BIGINT, FALSE FROM taken
            UNION ALL SELECT shard::BIGINT, TRUE FROM seeded
            """
    }

    public func releaseShards(owner: String) async throws(MachineStoreError) {
        try await perform { connection, logger in
            try await connection.query(
                """
                WITH released AS (UPDATE statecraft_leases SET owner = '', expires = 0 WHERE owner = \(owner))
                DELETE FROM statecraft_workers WHERE owner = \(owner)
                """, logger: logger)
            return ()
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

/// The text of ``PostgresMachineStore/claimShards(owner:shardCount:limit:until:now:)``'s statement, prepared
/// once per connection.
enum ClaimText: PreparedQueryText {
    static let sql = PostgresMachineStore.claimStatement(
        owner: "", shardCount: 1, limit: 1, until: .epoch, now: .epoch
    ).sql
}
