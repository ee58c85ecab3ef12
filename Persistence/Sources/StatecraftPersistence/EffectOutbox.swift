/// An ``EventInbox`` that also keeps an outbox: the durable effects (``DurableEffect``) machines started and
/// that have neither completed nor been cancelled.
///
/// Its rows change only in ``EventInbox/commit(_:)``, in the transaction of the steps that cause them: a
/// commit's ``MachineCommit/startedEffects`` are inserted, its ``MachineCommit/cancelledEffects`` deleted,
/// and each of its ``MachineCommit/completedEffects`` deleted — the commit failing with
/// ``MachineStoreError/effectNotPending(machine:key:)``, writing nothing, when one is no longer there. So a
/// crash leaves an effect pending exactly when the machine is in the state that started it, and a completion
/// is journaled only while its effect is pending.
public protocol EffectOutbox: EventInbox {
    /// The machine's pending effects, by name.
    ///
    /// - Parameter machine: The machine's identifier.
    /// - Throws: ``MachineStoreError``.
    func pendingEffects(machine: String) async throws(MachineStoreError) -> [PendingEffect]

    /// The pending effects of the machines of `shards` (among `shardCount`), by slot and machine: what a
    /// worker holding those shards runs.
    ///
    /// - Parameters:
    ///   - shards: Shards in `0..<shardCount`.
    ///   - shardCount: The number of shards, in `1...MachineShard.slotCount`.
    ///   - limit: The most to return.
    /// - Throws: ``MachineStoreError``.
    /// - Complexity: An index scan of the shards' slots.
    func pendingEffects(shards: [Int], shardCount: Int, limit: Int) async throws(MachineStoreError)
        -> [PendingEffect]

    /// Removes a pending effect without journaling anything: one whose state its machine left without the
    /// effect being cancelled (a writer not given the machine's effects left it). Nothing happens when it is
    /// not pending.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - key: The effect's key (``DurableEffectRun/key``).
    /// - Throws: ``MachineStoreError``.
    func discardEffect(machine: String, key: String) async throws(MachineStoreError)
}
