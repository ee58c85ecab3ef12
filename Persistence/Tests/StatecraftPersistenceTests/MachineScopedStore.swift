import Foundation
import StatecraftPersistence

/// A worker's view of a shared store that sees only some machines in its batches — their accepted events,
/// due timers and pending effects — and passes every other call to `base`: so that a test's workers, on a
/// database other tests share, never take up machines of other tests (of other charts).
final class MachineScopedStore: ForwardingWorkerStore, @unchecked Sendable {
    /// The machines the batches hold.
    let machines: Set<String>

    /// A view of `base` whose batches hold only `machines`.
    init(_ base: any EffectOutbox & ShardLeases, machines: Set<String>) {
        self.machines = machines
        super.init(base)
    }

    override func acceptedEvents(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [AcceptedEvent]
    {
        try await base.acceptedEvents(shards: shards, shardCount: shardCount, limit: limit)
            .filter { machines.contains($0.machine) }
    }
    override func dueTimers(shards: [Int], shardCount: Int, dueBy instant: DurableInstant, limit: Int)
        async throws(MachineStoreError) -> [PendingTimer]
    {
        try await base.dueTimers(shards: shards, shardCount: shardCount, dueBy: instant, limit: limit)
            .filter { machines.contains($0.machine) }
    }
    override func pendingEffects(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [PendingEffect]
    {
        try await base.pendingEffects(shards: shards, shardCount: shardCount, limit: limit)
            .filter { machines.contains($0.machine) }
    }
}
