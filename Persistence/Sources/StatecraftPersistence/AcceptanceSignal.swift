/// Tells the ``DurableWorker``s of a process that events were accepted for the machines of their shards, so
/// that a worker waiting for work (``DurableWorker/awaitWork()``) starts its next pass at once rather than
/// at the end of its poll interval.
///
/// ```swift
/// // in a store's acceptance, once its transaction committed:
/// await acceptanceSignal.accepted(slots: events.map { MachineShard.slot(of: $0.machine) })
/// ```
///
/// Each worker registers the shards it holds at the start of each pass (``watch(_:shards:shardCount:)``,
/// before it reads the inbox); an acceptance of a machine in one of them marks the worker, and wakes it if
/// it waits. A mark set after the registration and before the wait makes the wait return at once, so an
/// acceptance committed after the pass read the inbox is never left waiting for the poll interval. The
/// signal is a hint: a worker of another process, or of a store without a signal, still finds the event at
/// its next poll.
public actor AcceptanceSignal {
    /// A worker's registration.
    private struct Watcher {
        /// The shards the worker holds, by index in `0..<shardCount`.
        var shards: [Bool]
        /// Whether an event was accepted for one of them since the registration.
        var marked = false
        /// The worker's wait in progress.
        var waiting: CheckedContinuation<Void, Never>?
    }

    /// The workers registered, by owner.
    private var watchers: [String: Watcher] = [:]

    /// Creates a signal with no worker registered.
    public init() {}

    /// Registers (again) the shards `owner` holds and clears its mark: what a pass does before it reads the
    /// inbox.
    ///
    /// - Parameters:
    ///   - owner: The worker's identifier.
    ///   - shards: The shards it holds, in `0..<shardCount`.
    ///   - shardCount: The number of shards.
    /// - Complexity: O(`shardCount`).
    public func watch(_ owner: String, shards: [Int], shardCount: Int) {
        var held = [Bool](repeating: false, count: max(shardCount, 1))
        for shard in shards where held.indices.contains(shard) { held[shard] = true }
        var watcher = watchers[owner] ?? Watcher(shards: held)
        watcher.shards = held
        watcher.marked = false
        watchers[owner] = watcher
    }

    /// Forgets `owner` (a worker that stopped), ending its wait if it waits.
    ///
    /// - Parameter owner: The worker's identifier.
    public func unwatch(_ owner: String) {
        watchers.removeValue(forKey: owner)?.waiting?.resume()
    }

    /// Marks, and wakes, the workers holding the shard of one of `slots` (``MachineShard/slot(of:)`` of the
    /// machines whose events were accepted).
    ///
    /// - Parameter slots: Slots in `0..<MachineShard.slotCount`.
    /// - Complexity: O(*w* × *s*) in the workers registered and the slots given.
    public func accepted(slots: [Int]) {
        guard !slots.isEmpty else { return }
        for (owner, var watcher) in watchers where !watcher.marked {
            let count = watcher.shards.count
            guard slots.contains(where: { watcher.shards[$0 % count] }) else { continue }
            watcher.marked = true
            watcher.waiting?.resume()
            watcher.waiting = nil
            watchers[owner] = watcher
        }
    }

    /// Waits until `owner` is marked (at once when it is already, or is not registered), or its wait is
    /// ended by ``endWait(_:)``.
    ///
    /// - Parameter owner: The worker's identifier.
    func waitForMark(_ owner: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // A wait cancelled before it began (its `endWait` may have run already) does not wait.
            guard var watcher = watchers[owner], !watcher.marked, !Task.isCancelled else {
                continuation.resume()
                return
            }
            watcher.waiting?.resume()
            watcher.waiting = continuation
            watchers[owner] = watcher
        }
    }

    /// Ends `owner`'s wait, if it waits: its poll interval ran out or its task was cancelled.
    ///
    /// - Parameter owner: The worker's identifier.
    func endWait(_ owner: String) {
        watchers[owner]?.waiting?.resume()
        watchers[owner]?.waiting = nil
    }
}
