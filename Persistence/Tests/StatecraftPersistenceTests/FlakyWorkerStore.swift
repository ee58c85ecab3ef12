import Foundation
import StatecraftPersistence

/// A worker's store that is unavailable for its first `failures` lease claims — as a PostgreSQL store is
/// once its own retries give up on a dropped connection or a restarting server — and then passes every call
/// to `base`; `beforeBatch` runs before each batch of accepted events is taken (a slow host, another worker).
final class FlakyWorkerStore: ForwardingWorkerStore, @unchecked Sendable {
    // `@unchecked`: `remainingFailures` is only touched under `lock`.
    private let lock = NSLock()
    private var remainingFailures: Int
    /// What happens before each batch of accepted events is taken.
    private let beforeBatch: @Sendable () async throws(MachineStoreError) -> Void

    /// A view of `base` that fails its first `failures` claims and runs `beforeBatch` before each batch.
    init(
        _ base: any EffectOutbox & ShardLeases, failures: Int,
        beforeBatch: @escaping @Sendable () async throws(MachineStoreError) -> Void = {}
    ) {
        self.remainingFailures = failures
        self.beforeBatch = beforeBatch
        super.init(base)
    }

    /// The claims still to fail.
    var failuresLeft: Int { lock.withLock { remainingFailures } }

    override func claimShards(
        owner: String, shardCount: Int, limit: Int, until: DurableInstant, now: DurableInstant
    ) async throws(MachineStoreError) -> [Int] {
        let fails = lock.withLock {
            defer { remainingFailures = max(remainingFailures - 1, 0) }
            return remainingFailures > 0
        }
        if fails {
            throw .unavailable(store: "127.0.0.1:1", reason: "terminating connection due to administrator command")
        }
        return try await base.claimShards(owner: owner, shardCount: shardCount, limit: limit, until: until, now: now)
    }

    override func acceptedEvents(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [AcceptedEvent]
    {
        try await beforeBatch()
        return try await base.acceptedEvents(shards: shards, shardCount: shardCount, limit: limit)
    }
}
