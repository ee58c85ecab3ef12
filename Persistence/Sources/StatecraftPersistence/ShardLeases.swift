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
public protocol ShardLeases: MachineStore {
    /// Renews the leases `owner` holds and takes free shards until it holds `limit` (or no shard is free).
    ///
    /// - Parameters:
    ///   - owner: The worker's identifier, unique among the workers of the store.
    ///   - shardCount: The number of shards; every worker of a store must give the same.
    ///   - limit: The most shards to hold.
    ///   - until: When the leases run out unless claimed again.
    ///   - now: The current instant: leases that ran out by it are free.
    /// - Returns: The shards `owner` holds now, sorted.
    /// - Throws: ``MachineStoreError``; no lease changed then.
    func claimShards(owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant)
        async throws(MachineStoreError) -> [Int]

    /// Gives up every lease `owner` holds: other workers may take the shards at once.
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
