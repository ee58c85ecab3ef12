
import Statecraft

/// A clock whose time moves only when a test says so: it never waits in real time.
///
/// Give it to `StateMachine.run(clock:isolation:)` (module `Statecraft`) and move time with ``advance(by:)``.
/// Sleepers whose deadline has come are resumed in deadline order. ``waitForSleepers(count:)`` lets a test
/// wait until an effect has actually started sleeping before it moves time, so nothing depends on timing:
///
/// ```swift
/// let clock = ManualClock()
/// let runLoop = Task { await machine.run(clock: clock) }
/// machine.send(.start)                       // the new state's effect sleeps 1 s
/// await clock.waitForSleepers(count: 1)
/// clock.advance(by: .seconds(1))             // the effect wakes and sends its event
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point in a manual clock's time: the time elapsed since the clock's zero.
    public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
        /// The time since the clock's zero.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's zero.
        ///
        /// - Parameter offset: The time since zero.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        ///
        /// - Parameter duration: The time to add.
        /// - Returns: The later (or earlier, for a negative duration) instant.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        ///
        /// - Parameter other: The other instant.
        /// - Returns: `other - self`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        /// The offset, like `1.5 seconds`.
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Storage {
        var now: Instant
        var sleepers: [Sleeper] = []
        var nextID = 0
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Removes and returns the waiters whose sleeper count is reached.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            var satisfied: [CheckedContinuation<Void, Never>] = []
            sleeperWaiters.removeAll { waiter in
                guard sleepers.count >= waiter.count else { return false }
                satisfied.append(waiter.continuation)
                return true
            }
            return satisfied
        }
    }

    private let storage: LockedValue<Storage>

    /// Creates a clock reading `now`.
    ///
    /// - Parameter now: The starting time; zero by default.
    public init(now: Instant = Instant(offset: .zero)) {
        storage = LockedValue(Storage(now: now))
    }

    /// The current time.
    public var now: Instant { storage.withLock { $0.now } }

    /// Zero: a manual clock measures exactly.
    public var minimumResolution: Duration { .zero }

    /// The number of tasks sleeping on this clock.
    public var sleeperCount: Int { storage.withLock { $0.sleepers.count } }

    /// Suspends until ``advance(by:)`` moves time to `deadline` or beyond.
    ///
    /// - Parameters:
    ///   - deadline: When to wake; a deadline already reached returns at once.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the calling task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = storage.withLock { storage in
            defer { storage.nextID += 1 }
            return storage.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Answer { case wake, cancel, sleep([CheckedContinuation<Void, Never>]) }
                let answer: Answer = storage.withLock { storage in
                    if Task.isCancelled { return .cancel }
                    if deadline <= storage.now { return .wake }
                    storage.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .sleep(storage.satisfiedWaiters())
                }
                switch answer {
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                case .sleep(let waiters): for waiter in waiters { waiter.resume() }
                }
            }
        } onCancel: {
            let sleeper = storage.withLock { storage -> Sleeper? in
                guard let index = storage.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return storage.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` and wakes, in deadline order, every sleeper whose deadline has come.
    ///
    /// A woken task runs later, on its own executor; to observe its effect, await what it produces (an
    /// event's transition, for instance) rather than assuming it has run.
    ///
    /// - Parameter duration: How far to move; must not be negative.
    /// - Complexity: O(*n* log *n*) in the number of sleepers.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "ManualClock.advance(by:) needs a non-negative duration, got \(duration)")
        let woken = storage.withLock { storage -> [Sleeper] in
            storage.now = storage.now.advanced(by: duration)
            let now = storage.now
            let due = storage.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            storage.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Suspends until at least `count` tasks are sleeping on this clock. It does not wait in real time: it
    /// resumes as soon as the `count`-th sleeper arrives.
    ///
    /// - Parameter count: The number of sleepers to wait for; 1 by default.
    public func waitForSleepers(count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = storage.withLock { storage -> Bool in
                if storage.sleepers.count >= count { return true }
                storage.sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
