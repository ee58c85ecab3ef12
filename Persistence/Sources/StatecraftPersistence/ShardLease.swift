/// Who holds one shard of a store's machines, and until when (``ShardLeases``).
public struct ShardLease: Sendable, Hashable {
    /// The shard, from 0.
    public var shard: Int
    /// The worker holding it; empty when no worker ever did or its holder released it.
    public var owner: String
    /// The instant the lease runs out: after it, any worker may take the shard over.
    public var expires: DurableInstant

    /// Creates a lease.
    ///
    /// - Parameters:
    ///   - shard: The shard.
    ///   - owner: The worker holding it.
    ///   - expires: When the lease runs out.
    public init(shard: Int, owner: String, expires: DurableInstant) {
        self.shard = shard
        self.owner = owner
        self.expires = expires
    }
}
