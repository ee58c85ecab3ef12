/// The ``ChartScheduler`` of a chart machine created without one: its delayed events run on the clock of
/// ``StateMachine/run(clock:isolation:)``, through the run loop's inbox, on the machine's isolation.
///
/// Each waiting action has a deadline — an offset on the run loop's timeline — and, while a run loop runs,
/// a timer task sleeping until it. A timer that fires only wakes the run loop; the run loop then runs
/// every action that is due, earliest deadline first (actions due together run in the order they were
/// scheduled), so events fire in time order however far a manual clock jumps. Changes of state do not
/// touch the actions: only ``cancel(_:)`` does (SCXML 1.0 §6.2, §6.3).
///
/// While no run loop runs, actions wait: those scheduled before the first run loop count their delay from
/// its start, and those still waiting when a run loop stops keep their remaining time for the next one.
final class RunLoopChartScheduler: ChartScheduler {
    private struct Entry {
        let token: ScheduledActionToken
        /// While a run loop runs: the offset on its timeline. Otherwise: the time still to wait once one starts.
        var deadline: Duration
        let action: () -> Void
        var timer: Task<Void, Never>?
    }

    /// Waiting actions, sorted by deadline, then by token (scheduling order).
    private var entries: [Entry] = []
    private var nextToken: UInt64 = 0
    /// The running run loop's clock; `nil` while none runs.
    private var clock: (any RunLoopClock)?

    /// Schedules `action` at `delay` from now on the run loop's clock, or from the next run loop's start.
    ///
    /// - Complexity: O(*n*) in the number of waiting actions.
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ScheduledActionToken {
        nextToken += 1
        let token = ScheduledActionToken(rawValue: nextToken)
        let deadline = (clock?.elapsed ?? .zero) + max(delay, .zero)
        let entry = Entry(token: token, deadline: deadline, action: action, timer: clock?.startTimer(until: deadline))
        // Later tokens go after earlier ones with the same deadline.
        let index = entries.firstIndex { $0.deadline > deadline } ?? entries.endIndex
        entries.insert(entry, at: index)
        return token
    }

    /// Drops a waiting action and stops its timer.
    ///
    /// - Complexity: O(*n*) in the number of waiting actions.
    func cancel(_ token: ScheduledActionToken) {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return }
        entries.remove(at: index).timer?.cancel()
    }

    /// The time left before the action of `token` runs: its deadline less the running run loop's elapsed
    /// time, or the time it still has to wait once a run loop starts.
    ///
    /// - Complexity: O(*n*) in the number of waiting actions.
    func remainingDelay(of token: ScheduledActionToken) -> Duration? {
        guard let entry = entries.first(where: { $0.token == token }) else { return nil }
        return max(entry.deadline - (clock?.elapsed ?? .zero), .zero)
    }
}

extension RunLoopChartScheduler: RunLoopTimerClient {
    func runLoopDidBegin(_ clock: any RunLoopClock) {
        self.clock = clock
        // The waiting actions' remaining times become deadlines on the new timeline, which starts now.
        for index in entries.indices {
            entries[index].timer = clock.startTimer(until: entries[index].deadline)
        }
    }

    func runLoopTimerFired() {
        guard let clock else { return }
        let now = clock.elapsed
        // Re-read the first entry each time: an action may schedule or cancel others. Whatever it
        // schedules falls due strictly later (delays are positive), so the loop ends.
        while let first = entries.first, first.deadline <= now {
            entries.removeFirst()
            first.timer?.cancel()
            first.action()
        }
    }

    func runLoopDidEnd() {
        guard let clock else { return }
        let now = clock.elapsed
        for index in entries.indices {
            entries[index].timer?.cancel()
            entries[index].timer = nil
            entries[index].deadline = max(entries[index].deadline - now, .zero)
        }
        self.clock = nil
    }
}
