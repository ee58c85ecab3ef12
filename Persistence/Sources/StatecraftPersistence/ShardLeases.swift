/// A ``MachineStore`` that shares its machines out among workers: the machines are split into shards
/// (``MachineShard``), and a worker serves the shards it holds a lease on.
///
/// ```swift
/// let held = try await store.claimShards(
///     owner: "worker-1", shardCount: 64, limit: 16, until: now.advanced(by: .seconds(2)), now: now)
/// // … serve the machines of `held`; claim again before the lease runs out (it renews them) …
/// try await store.releaseShards(owner: "worker-1")   // on shutdown: others take them over at once
/// ```
///
/// A lease runs until an instant; claiming renews the leases the worker holds and takes free shards — never
/// held, released, or whose lease ran out (its worker died or stalled) — so a dead worker's shards are
/// taken over once its leases expire. Two workers claiming at once never get the same shard.
///
/// The workers share the shards: claiming also records the worker as live until its leases run out, and a
/// worker holds at most its fair share (``fairShare(of:workers:limit:)``) of the shards among the workers
/// seen live — a worker that starts while another holds every shard gets its share once the other claims
/// again and gives back its surplus; a worker that dies stops counting once its leases run out, and the
/// others take its shards over.
public protocol ShardLeases: MachineStore {
    /// Records `owner` as a live worker until `until`, renews the leases it holds, gives back those beyond
    /// its fair share (``fairShare(of:workers:limit:)`` among the workers seen live, itself included; the
    /// highest shards first) and takes free shards up to that share (or until no shard is free).
    ///
    /// - Parameters:
    ///   - owner: The worker's identifier, unique among the workers of the store.
    ///   - shardCount: The number of shards; every worker of a store must give the same.
    ///   - limit: The most shards to hold, whatever the fair share.
    ///   - until: When the leases (and the worker's record as live) run out unless claimed again.
    ///   - now: The current instant: leases that ran out by it are free.
    /// - Returns: The shards `owner` holds now, sorted.
    /// - Throws: ``MachineStoreError``; no lease changed then.
    func claimShards(owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant)
        async throws(MachineStoreError) -> [Int]

    /// Gives up every lease `owner` holds, and its record as a live worker: other workers may take the
    /// shards at once.
    ///
    /// - Parameter owner: The worker's identifier.
    /// - Throws: ``MachineStoreError``.
    func releaseShards(owner: String) async throws(MachineStoreError)

    /// Every shard's lease, by shard.
    ///
    /// - Throws: ``MachineStoreError``.
    func shardLeases() async throws(MachineStoreError) -> [ShardLease]

    /// The timers of the machines of `shards` (among `shardCount`) due by `instant`, earliest first —
    /// of machines with no event waiting in the inbox (``EventInbox``): a machine's waiting events are
    /// applied first, each after the timers due by its acceptance, so that none of them is overtaken by a
    /// timer that fell due after it was accepted.
    ///
    /// - Parameters:
    ///   - shards: Shards in `0..<shardCount`.
    ///   - shardCount: The number of shards, in `1...MachineShard.slotCount`.
    ///   - instant: The latest due instant returned.
    ///   - limit: The most timers to return.
    /// - Throws: ``MachineStoreError``.
    /// - Complexity: An index scan of the shards' slots (`slot, due`).
    func dueTimers(shards: [Int], shardCount: Int, dueBy instant: DurableInstant, limit: Int)
        async throws(MachineStoreError) -> [PendingTimer]
}

extension ShardLeases {
    /// The most shards one of `workers` live workers holds: the shards divided among the workers, rounded
    /// up — so that the shares cover every shard — and at most `limit`.
    ///
    /// ```swift
    /// SQLiteMachineStore.fairShare(of: 64, workers: 3, limit: 64)   // 22: 22 + 22 + 20
    /// ```
    ///
    /// - Parameters:
    ///   - shardCount: The number of shards.
    ///   - workers: The live workers, the claiming one included; fewer than 1 counts as 1.
    ///   - limit: The claiming worker's own limit.
    /// - Returns: The share, from 0.
    public static func fairShare(of shardCount: Int, workers: Int, limit: Int) -> Int {
        let workers = max(workers, 1)
        return max(0, min(limit, (shardCount + workers - 1) / workers))
    }
}
