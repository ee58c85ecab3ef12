import Foundation
import StatecraftPersistence

/// Writes the machine steps that concurrent requests hand it in as few store transactions as it can — a group
/// commit: while one transaction runs, the steps that arrive wait, and when it ends they are written together
/// in the next one (``EventInbox/commit(_:)``: one `fsync` on SQLite, one commit record on PostgreSQL). Each
/// caller returns once its own step is durable, or with its own step's failure.
///
/// ```swift
/// let batcher = CommitBatcher(store: store)
/// try await batcher.save(machine: "order-1", snapshot: snapshot, entry: entry, timers: [])  // durable now
/// ```
///
/// A step's own failure fails only its caller: when the store names the machine (a version conflict, an event
/// journaled already), that step leaves the batch and the others are written again without it; when it names
/// none, the batch is written again in halves until the failing step is alone. A store that is unavailable, or
/// whose file cannot be used, fails every step waiting, each caller with that error — nobody waits for ever.
///
/// Callers hold a machine's lock across its step (``DurableSCXMLSessions`` does), so a batch has at most one
/// step per machine and each machine's steps are written in the order they were applied. A store that is not
/// an ``EventInbox`` has no batched write: each step is its own `save`.
package actor CommitBatcher {
    /// A step waiting for its transaction, and its caller.
    private struct Step {
        var commit: MachineCommit
        var caller: CheckedContinuation<Result<Void, MachineStoreError>, Never>
    }

    /// Where the steps go.
    package nonisolated let store: any MachineStore
    /// The store's batched write, if it has one.
    private nonisolated let inbox: (any EventInbox)?
    /// The most steps one transaction writes.
    package nonisolated let maximumBatch: Int
    /// The steps that arrived since the running transaction began.
    private var waiting: [Step] = []
    /// Whether a transaction is running (the writing task is alive).
    private var isWriting = false

    /// A batcher of `store`'s writes.
    ///
    /// - Parameters:
    ///   - store: The store; an ``EventInbox`` gets batches, another store one `save` per step.
    ///   - maximumBatch: The most steps one transaction writes; 256 by default.
    package init(store: any MachineStore, maximumBatch: Int = 256) {
        self.store = store
        inbox = store as? any EventInbox
        self.maximumBatch = max(1, maximumBatch)
    }

    /// The number of steps waiting for the next transaction (not those of the running one).
    package var waitingCount: Int { waiting.count }

    /// Stores a machine's next version — its snapshot, its journal entry and its timers — as
    /// ``MachineStore/save(machine:snapshot:entry:timers:)`` does, in the next group commit; returns once it is
    /// durable.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - snapshot: The snapshot of its state after the entry.
    ///   - entry: The journal entry; its sequence is the new version.
    ///   - timers: When its delayed events fall due.
    /// - Throws: ``MachineStoreError``: this step's conflict or duplicate event, or the store's failure; nothing
    ///   of this step is written then.
    package func save(
        machine: String, snapshot: Data, entry: JournalEntry, timers: [DurableInstant]
    ) async throws(MachineStoreError) {
        guard let inbox else {
            try await store.save(machine: machine, snapshot: snapshot, entry: entry, timers: timers)
            return
        }
        let commit = MachineCommit(
            machine: machine, entries: [entry],
            snapshot: .init(data: snapshot, version: entry.sequence, takenAt: entry.appliedAt), timers: timers)
        let outcome = await withCheckedContinuation { caller in
            waiting.append(Step(commit: commit, caller: caller))
            if !isWriting {
                isWriting = true
                Task { await writeWaiting(to: inbox) }
            }
        }
        try outcome.get()
    }

    /// Writes the waiting steps, a batch per transaction, until none is left.
    private func writeWaiting(to inbox: any EventInbox) async {
        while !waiting.isEmpty {
            let batch = Array(waiting.prefix(maximumBatch))
            waiting.removeFirst(batch.count)
            await write(batch, to: inbox)
        }
        isWriting = false
    }

    /// Writes `batch` in one transaction and answers its callers; on a failure, answers the failing step's
    /// caller and writes the others again.
    private func write(_ batch: [Step], to inbox: any EventInbox) async {
        do {
            try await inbox.commit(batch.map(\.commit))
            for step in batch { step.caller.resume(returning: .success(())) }
        } catch {
            var rest = batch
            if batch.count > 1, let machine = Self.machine(named: error),
                let index = rest.firstIndex(where: { $0.commit.machine == machine })
            {
                rest.remove(at: index).caller.resume(returning: .failure(error))
                await write(rest, to: inbox)
            } else if batch.count > 1, !Self.failsEveryStep(error) {
                let half = batch.count / 2
                await write(Array(batch[..<half]), to: inbox)
                await write(Array(batch[half...]), to: inbox)
            } else {
                for step in batch { step.caller.resume(returning: .failure(error)) }
            }
        }
    }

    /// The machine whose step the store refused, when the error names one.
    private static func machine(named error: MachineStoreError) -> String? {
        switch error {
        case .conflict(let machine, _, _), .duplicateEvent(let machine, _), .effectNotPending(let machine, _):
            machine
        case .database, .corrupt, .unavailable, .storeFile:
            nil
        }
    }

    /// Whether the error is the store's, not a step's: writing the steps again apart would fail each the same.
    private static func failsEveryStep(_ error: MachineStoreError) -> Bool {
        switch error {
        case .unavailable, .storeFile: true
        case .conflict, .duplicateEvent, .effectNotPending, .database, .corrupt: false
        }
    }
}
