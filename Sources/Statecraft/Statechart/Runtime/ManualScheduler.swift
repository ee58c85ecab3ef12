/// A ``ChartScheduler`` on a virtual clock that only moves when told to: delayed events fire, in time
/// order, during ``advance(by:)``. Use it in tests and simulations — nothing waits in real time.
///
/// ```swift
/// let clock = ManualScheduler()
/// let machine = StateMachine(chart: chart, scheduler: clock)
/// clock.advance(by: .seconds(2))   // delivers every event due within the next two seconds
/// ```
public final class ManualScheduler: ChartScheduler {
    private struct Entry {
        let due: Duration
        let token: ScheduledActionToken
        let action: () -> Void
    }

    /// The virtual time elapsed since the scheduler was created.
    public private(set) var now: Duration = .zero
    private var entries: [Entry] = []
    private var nextToken: UInt64 = 0

    /// Creates a scheduler at time zero.
    public init() {}

    /// The number of actions waiting to fire.
    public var pendingCount: Int { entries.count }

    /// Schedules `action` at `now + delay`.
    ///
    /// - Parameters:
    ///   - delay: How long to wait; negative delays count as zero.
    ///   - action: What to run.
    /// - Returns: The token for ``cancel(_:)``.
    /// - Complexity: O(1) amortised.
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ScheduledActionToken {
        nextToken += 1
        let token = ScheduledActionToken(rawValue: nextToken)
        entries.append(Entry(due: now + max(delay, .zero), token: token, action: action))
        return token
    }

    /// Drops a scheduled action.
    ///
    /// - Parameter token: The token ``schedule(after:_:)`` returned.
    /// - Complexity: O(*n*) in the number of waiting actions.
    public func cancel(_ token: ScheduledActionToken) {
        entries.removeAll { $0.token == token }
    }

    /// The time left before the action of `token` runs.
    ///
    /// - Parameter token: The token ``schedule(after:_:)`` returned.
    /// - Returns: The remaining delay, or `nil` when the action is not waiting.
    /// - Complexity: O(*n*) in the number of waiting actions.
    public func remainingDelay(of token: ScheduledActionToken) -> Duration? {
        entries.first { $0.token == token }.map { max($0.due - now, .zero) }
    }

    /// Moves the clock forward by `duration`, running every action that falls due, earliest first;
    /// actions due at the same time run in the order they were scheduled. Actions scheduled meanwhile
    /// run too if they fall due within the window.
    ///
    /// - Parameter duration: How far to move the clock.
    /// - Complexity: O(*n*²) in the number of actions that fall due.
    public func advance(by duration: Duration) {
        let end = now + max(duration, .zero)
        while let next = nextDue(notAfter: end) {
            let entry = entries.remove(at: next)
            now = entry.due
            entry.action()
        }
        now = end
    }

    private func nextDue(notAfter end: Duration) -> Int? {
        var best: Int?
        for (index, entry) in entries.enumerated() where entry.due <= end {
            if let current = best {
                if entry.due < entries[current].due { best = index }
            } else {
                best = index
            }
        }
        return best
    }
}
