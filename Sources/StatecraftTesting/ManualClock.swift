import Statecraft

/// A clock whose time moves only when a test says so: it never waits in real time.
///
/// Give it to `StateMachine.run(clock:isolation:)` and move time with ``advance(by:)``. The rule:
///
/// - **Delayed events are delivered before `advance` returns.** Every event a machine running on this
///   clock sent itself with a delay — `send(_:after:id:)`, a chart's `AfterDelay` or
///   `ChartScope.send(_:after:id:)` — that falls due within the advance has been handled when
///   `await clock.advance(by:)` returns, in time order, including events those events schedule within
///   the same window.
/// - **Effects' tasks are resumed, not awaited.** An effect sleeping on the clock
///   (`EffectContext.sleep(for:)`, `StateEffect.send(_:after:)`) is woken at its deadline, in deadline
///   order, but what it does next runs on its own task: await what it produces (the next element of
///   `machine.transitions`, say) before looking at the machine. ``waitForSleepers(count:)`` waits until
///   an effect has started sleeping, so that an advance cannot pass it by.
///
/// ```swift
/// let clock = ManualClock()
/// let runLoop = Task { await machine.run(clock: clock) }
/// machine.send(.show("Saved"))               // the toast state sends .hide after 3 s
/// await clock.advance(by: .seconds(3))
/// machine.state                              // .hidden: the delayed event was delivered
/// ```
///
/// Advance from one task at a time.
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
        /// The run loops running on this clock, by registration id: each delivers what is due and tells
        /// how long until its next delayed event.
        var runLoops: [Int: @Sendable () async -> Duration?] = [:]
        /// Tasks waiting for a number of sleepers or run loops.
        var waiters: [(awaited: Awaited, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// How many of `awaited` there are.
        func count(of awaited: Awaited) -> Int {
            switch awaited {
            case .sleepers: sleepers.count
            case .runLoops: runLoops.count
            }
        }

        /// Removes and returns the waiters whose count is reached.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            var satisfied: [CheckedContinuation<Void, Never>] = []
            let counts = (sleepers: count(of: .sleepers), runLoops: count(of: .runLoops))
            waiters.removeAll { waiter in
                let reached = waiter.awaited == .sleepers ? counts.sleepers : counts.runLoops
                guard reached >= waiter.count else { return false }
                satisfied.append(waiter.continuation)
                return true
            }
            return satisfied
        }
    }

    /// What ``waitForSleepers(count:)`` and ``waitForRunLoops(count:)`` wait for.
    private enum Awaited { case sleepers, runLoops }

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

    /// Moves time forward by `duration`, stopping at every deadline on the way: the run loops on this
    /// clock deliver their delayed events due by then, and sleepers whose deadline has come are woken, in
    /// deadline order. Returns once the run loops have delivered everything due by the end.
    ///
    /// See the rule in the type's documentation: delayed events of machines are delivered before this
    /// returns; woken effects go on on their own tasks.
    ///
    /// - Parameter duration: How far to move; must not be negative.
    /// - Complexity: O(*k* × (*n* + *r*)) for *k* stops, *n* sleepers and *r* run loops.
    public func advance(by duration: Duration) async {
        precondition(duration >= .zero, "ManualClock.advance(by:) needs a non-negative duration, got \(duration)")
        let end = now.advanced(by: duration)
        while let stop = await nextStop(notAfter: end) {
            wake(at: stop)
        }
        wake(at: end)
        _ = await settleRunLoops()
    }

    /// Lets every run loop deliver what is due now; returns the earliest next deadline of a run loop or a
    /// sleeper, if it comes by `end`.
    private func nextStop(notAfter end: Instant) async -> Instant? {
        let runLoopDeadline = await settleRunLoops()
        let sleeperDeadline = storage.withLock { $0.sleepers.map(\.deadline).min() }
        let next = [runLoopDeadline, sleeperDeadline].compactMap { $0 }.min()
        guard let next, next <= end else { return nil }
        return next
    }

    /// Asks each run loop to deliver what is due; returns the earliest instant one of them needs next.
    private func settleRunLoops() async -> Instant? {
        let runLoops = storage.withLock { Array($0.runLoops.values) }
        var earliest: Instant?
        for settle in runLoops {
            guard let remaining = await settle() else { continue }
            let deadline = now.advanced(by: max(remaining, .zero))
            earliest = earliest.map { min($0, deadline) } ?? deadline
        }
        return earliest
    }

    /// Moves time to `instant` (never back) and wakes, in deadline order, every sleeper whose deadline
    /// has come.
    private func wake(at instant: Instant) {
        let woken = storage.withLock { storage -> [Sleeper] in
            storage.now = max(storage.now, instant)
            let now = storage.now
            let due = storage.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            storage.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// The number of machines' run loops (`StateMachine.run(clock:isolation:)`) running on this clock.
    public var runLoopCount: Int { storage.withLock { $0.runLoops.count } }

    /// Suspends until at least `count` run loops (`StateMachine.run(clock:isolation:)`) run on this clock,
    /// so that an ``advance(by:)`` cannot start before a run loop started in a new task has begun. It does
    /// not wait in real time.
    ///
    /// ```swift
    /// let runLoop = Task { await machine.run(clock: clock) }
    /// await clock.waitForRunLoops()
    /// ```
    ///
    /// - Parameter count: The number of run loops to wait for; 1 by default.
    public func waitForRunLoops(count: Int = 1) async {
        await wait(for: .runLoops, count: count)
    }

    /// Suspends until at least `count` tasks are sleeping on this clock. It does not wait in real time: it
    /// resumes as soon as the `count`-th sleeper arrives.
    ///
    /// - Parameter count: The number of sleepers to wait for; 1 by default.
    public func waitForSleepers(count: Int = 1) async {
        await wait(for: .sleepers, count: count)
    }

    /// Suspends until there are at least `count` of `awaited`.
    private func wait(for awaited: Awaited, count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = storage.withLock { storage -> Bool in
                if storage.count(of: awaited) >= count { return true }
                storage.waiters.append((awaited, count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

/// `StateMachine.run(clock:isolation:)` registers with a manual clock, so that ``ManualClock/advance(by:)``
/// can wait for it.
extension ManualClock: _SettlingClock {
    /// Not API: registers a run loop (see `_SettlingClock`).
    public func _addRunLoop(_ settle: @escaping @Sendable () async -> Duration?) -> Int {
        let (id, waiters) = storage.withLock { storage in
            defer { storage.nextID += 1 }
            storage.runLoops[storage.nextID] = settle
            return (storage.nextID, storage.satisfiedWaiters())
        }
        for waiter in waiters { waiter.resume() }
        return id
    }

    /// Not API: unregisters a run loop (see `_SettlingClock`).
    public func _removeRunLoop(_ id: Int) {
        _ = storage.withLock { $0.runLoops.removeValue(forKey: id) }
    }
}
