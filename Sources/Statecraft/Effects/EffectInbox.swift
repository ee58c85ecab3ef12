/// The mailbox between running effects (any thread) and a machine's run loop (the machine's isolation).
///
/// Effects post items; ``StateMachine/run(clock:isolation:)`` takes them one at a time with ``next()``.
/// While the inbox is closed (no run loop) an event posted is answered ``EffectEventOutcome/dropped`` at
/// once, so no effect ever waits forever.
@usableFromInline
final class EffectInbox<Event: Sendable>: Sendable {
    /// One message from an effect.
    enum Item: Sendable {
        /// An event, with the continuation waiting for its outcome.
        case event(epoch: UInt64, event: Event, reply: CheckedContinuation<EffectEventOutcome, Never>)
        /// The effect threw `error` (not `CancellationError`).
        case failure(epoch: UInt64, error: any Error, mapping: StateEffect<Event>.ErrorMapping?)
        /// The effect with this id has finished; its task can be forgotten.
        case finished(id: Int)
        /// The run loop's delayed-event timer fired: delayed events may be due (see ``MachineDelayedEvents``).
        case timerFired
        /// A settling clock moved (see ``_SettlingClock``): deliver the delayed events due, then reply with
        /// the time until the next one.
        case settle(reply: CheckedContinuation<Duration?, Never>)
        /// The work of an invocation's task finished with `result` (see ``InvocationTask``).
        case invocation(InvocationTask, generation: Int, result: any Sendable)
    }

    private struct Storage {
        var items = FIFOQueue<Item>()
        var waiter: CheckedContinuation<Item?, Never>?
        var isOpen = false
    }

    private let storage = LockedValue(Storage())

    /// What `post` does with an item once the lock is released.
    private enum Delivery { case handOver(CheckedContinuation<Item?, Never>), queued, refused }
    /// What `next` does once the lock is released.
    private enum Answer { case item(Item), none, wait }

    init() {}

    /// Adds `item` for the run loop, or answers it at once when no run loop is running.
    func post(_ item: Item) {
        let delivery: Delivery = storage.withLock { storage in
            guard storage.isOpen else { return .refused }
            if let waiter = storage.waiter {
                storage.waiter = nil
                return .handOver(waiter)
            }
            storage.items.enqueue(item)
            return .queued
        }
        switch delivery {
        case .handOver(let waiter): waiter.resume(returning: item)
        case .queued: break
        case .refused: Self.refuse(item)
        }
    }

    /// The next item, waiting for one if needed; `nil` when the calling task is cancelled or the inbox
    /// closes.
    func next() async -> Item? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Item?, Never>) in
                let answer: Answer = storage.withLock { storage in
                    if let item = storage.items.dequeue() { return .item(item) }
                    if !storage.isOpen || Task.isCancelled { return .none }
                    storage.waiter = continuation
                    return .wait
                }
                switch answer {
                case .item(let item): continuation.resume(returning: item)
                case .none: continuation.resume(returning: nil)
                case .wait: break
                }
            }
        } onCancel: {
            let waiter = storage.withLock { storage in
                defer { storage.waiter = nil }
                return storage.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Starts accepting items.
    func open() {
        storage.withLock { $0.isOpen = true }
    }

    /// Stops accepting items; every item still waiting is answered as dropped.
    func close() {
        let (left, waiter) = storage.withLock { storage in
            storage.isOpen = false
            let left = storage.items.removeAllWaiting()
            defer { storage.waiter = nil }
            return (left, storage.waiter)
        }
        waiter?.resume(returning: nil)
        for item in left { Self.refuse(item) }
    }

    /// Asks the run loop to deliver the delayed events due and waits until it has; answers `nil` at once
    /// when no run loop runs.
    ///
    /// - Returns: The time until the machine's next delayed event, or `nil` when none waits.
    func settle() async -> Duration? {
        await withCheckedContinuation { post(.settle(reply: $0)) }
    }

    /// Answers an item nobody will handle: a waiting event is told it was dropped, a settle request that
    /// nothing waits.
    static func refuse(_ item: Item) {
        switch item {
        case .event(_, _, let reply): reply.resume(returning: .dropped)
        case .settle(let reply): reply.resume(returning: nil)
        case .failure, .finished, .timerFired, .invocation: break
        }
    }
}
