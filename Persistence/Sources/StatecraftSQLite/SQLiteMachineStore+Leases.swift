import Foundation
import StatecraftPersistence

extension SQLiteMachineStore: ShardLeases {
    public func claimShards(
        owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant
    ) async throws(MachineStoreError) -> [Int] {
        let (count, expires, instant) = (Int64(shardCount), until.nanosecondsSinceEpoch, now.nanosecondsSinceEpoch)
        // Not flushed at its commit: the next commit of events flushes the log with it. A claim lost by a
        // power cut was made by a worker that died with it, so nothing relies on it.
        return try await transaction(flushed: false) { connection, files throws(MachineStoreError) in
            // The shards' rows, once: a claim that finds them all there only renews and takes.
            let existing =
                try Self.query(
                    "SELECT COUNT(*) FROM statecraft_leases WHERE shard < ?", [.integer(count)], on: connection,
                    files: files
                ).first?.first?.integer ?? 0
            if existing < count {
                for shard in 0..<shardCount {
                    try Self.execute(
                        "INSERT INTO statecraft_leases (shard, owner, expires) VALUES (?, '', 0) ON CONFLICT DO NOTHING",
                        [.integer(Int64(shard))], on: connection, files: files)
                }
            }
            // The worker is live until its leases run out; the workers seen live share the shards.
            try Self.execute(
                """
                INSERT INTO statecraft_workers (owner, expires) VALUES (?, ?)
                ON CONFLICT (owner) DO UPDATE SET expires = excluded.expires
                """, [.text(owner), .integer(expires)], on: connection, files: files)
            try Self.execute(
                "DELETE FROM statecraft_workers WHERE expires <= ?", [.integer(instant)], on: connection, files: files)
            let live =
                try Self.query(
                    "SELECT COUNT(*) FROM statecraft_workers WHERE expires > ?", [.integer(instant)],
                    on: connection, files: files
                ).first?.first?.integer ?? 1
            let target = Int64(Self.fairShare(of: shardCount, workers: Int(live), limit: limit))
            try Self.execute(
                "UPDATE statecraft_leases SET expires = ? WHERE owner = ? AND shard < ?",
                [.integer(expires), .text(owner), .integer(count)], on: connection, files: files)
            let held =
                try Self.query(
                    "SELECT COUNT(*) FROM statecraft_leases WHERE owner = ? AND shard < ?",
                    [.text(owner), .integer(count)], on: connection, files: files
                ).first?.first?.integer ?? 0
            // Beyond its share (more workers came): the highest shards go back, free for the others at once.
            try Self.execute(
                """
                UPDATE statecraft_leases SET owner = '', expires = 0 WHERE shard IN (
                    SELECT shard FROM statecraft_leases WHERE owner = ? AND shard < ? ORDER BY shard DESC LIMIT ?)
                """,
                [.text(owner), .integer(count), .integer(max(0, held - target))], on: connection, files: files)
            try Self.execute(
                """
                UPDATE statecraft_leases SET owner = ?, expires = ? WHERE shard IN (
                    SELECT shard FROM statecraft_leases WHERE shard < ? AND owner <> ? AND expires <= ?
                    ORDER BY shard LIMIT ?)
                """,
                [
                    .text(owner), .integer(expires), .integer(count), .text(owner), .integer(instant),
                    .integer(max(0, target - held)),
                ], on: connection, files: files)
            return try Self.query(
                "SELECT shard FROM statecraft_leases WHERE owner = ? AND shard < ? ORDER BY shard",
                [.text(owner), .integer(count)], on: connection, files: files
            ).compactMap { $0.first?.integer.map(Int.init) }
        }
    }

    public func releaseShards(owner: String) async throws(MachineStoreError) {
        try await transaction { connection, files throws(MachineStoreError) in
            try Self.execute(
                "UPDATE statecraft_leases SET owner = '', expires = 0 WHERE owner = ?", [.text(owner)],
                on: connection, files: files)
            try Self.execute(
                "DELETE FROM statecraft_workers WHERE owner = ?", [.text(owner)], on: connection, files: files)
        }
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
