/// A machine's delayed events and the time they wait on: a ``DelayedEventQueue`` and one timer.
///
/// Every "send after" of a machine lands here — ``StateMachine/send(_:after:id:)``, a chart's
/// ``ChartScope/send(_:after:id:)`` and ``AfterDelay`` — and follows one rule (SCXML 1.0 §6.2, §6.3):
/// a delayed event survives changes of state; only a cancel by its identifier, or the end of a chart,
/// drops it. (An ``AfterDelay`` is cancelled when its state is exited because its state's exit cancels
/// it, not because of a special case here.)
///
/// Time is kept as one `Duration` axis. While ``StateMachine/run(clock:isolation:)`` runs, the axis
/// advances with the run loop's clock, and one timer task sleeps until the earliest event is due; the run
/// loop then delivers every event that is due, earliest first. While no run loop runs, time stands
/// still: events scheduled meanwhile count their delay from the next run loop's start, and events still
/// waiting when a run loop stops keep their remaining time. An SCXML session, which has no run loop,
/// moves this time itself (``StateMachine/_popDelayedEvent(notAfter:)``).
///
/// Scheduling and cancelling are `@inlinable`, so that a machine's "send after" runs specialised for its
/// event type in the caller's module: unspecialised, each call looked up the queue's generic metadata
/// several times per cancel and per send.
@usableFromInline
final class MachineDelayedEvents<Event> {
    // `@exclusivity(unchecked)`: every access is the machine's, on its isolation, and none spans a call into
    // user code (scheduling, cancelling and popping only touch the queue's array), so no two can overlap and
    // the dynamic checks (a runtime call each) protect nothing.
    @exclusivity(unchecked) @usableFromInline var queue = DelayedEventQueue<Event>()
    /// The time on the axis when no run loop runs; while one runs, the time at which it began.
    @exclusivity(unchecked) @usableFromInline var restingTime: Duration = .zero
    /// The running run loop's clock; `nil` while none runs.
    @exclusivity(unchecked) @usableFromInline var clock: (any RunLoopClock)?
    /// The timer sleeping until ``timerDeadline``, while a run loop runs.
    private var timer: Task<Void, Never>?
    @exclusivity(unchecked) @usableFromInline var timerDeadline: Duration?

    @usableFromInline init() {}

    /// The number of events waiting.
    var count: Int { queue.count }

    /// The current time on the axis.
    @inlinable var now: Duration { clock.map { restingTime + $0.elapsed } ?? restingTime }

    /// When the earliest event falls due, on the axis; `nil` when none waits.
    var nextDue: Duration? { queue.nextDue }

    /// The waiting events in the order they will be delivered, each with its identifier and the time left
    /// until it falls due (never negative): what a snapshot saves, and what ``schedule(_:after:id:)`` takes
    /// back in the same order.
    ///
    /// - Complexity: O(*n*) in the number of events waiting.
    var waiting: [(event: Event, id: String?, remaining: Duration)] {
        let now = now
        return queue.waiting.map { ($0.payload, queue.identifier(of: $0), max($0.due - now, .zero)) }
    }

    /// Schedules `event` at ``now`` plus `delay`.
    ///
    /// - Complexity: O(*n*) in the number of events waiting.
    @inlinable func schedule(_ event: Event, after delay: Duration, id: String?) {
        schedule(event, at: now + max(delay, .zero), id: id)
    }

    /// Schedules `event` at `due` on the axis: for a caller that read ``now`` once for several sends.
    ///
    /// - Complexity: O(*n*) in the number of events waiting.
    @inlinable @inline(__always) func schedule(_ event: Event, at due: Duration, id: String?) {
        queue.schedule(event, at: due, id: id)
        rearm()
    }

    /// Drops every waiting event scheduled with `id`.
    ///
    /// - Returns: The number of events dropped.
    /// - Complexity: O(*n*) in the number of events waiting.
    @inlinable @discardableResult
    func cancel(id: String) -> Int {
        let dropped = queue.cancel(id: id)
        if dropped > 0 { rearm() }
        return dropped
    }

    /// Registers the identifiers of a chart's timers by position (``DelayedEventQueue/timerIDs``), unless they
    /// are: before the first event named by its timer's position is scheduled.
    @inlinable func registerTimerIDs(_ ids: @autoclosure () -> [String]) {
        if queue.timerIDs.isEmpty { queue.timerIDs = ids() }
    }

    /// Schedules chart timer `timer` (a position in the registered identifiers, ``registerTimerIDs(_:)``)
    /// sending `event` at `due` on the axis.
    ///
    /// - Complexity: O(1) (the timer's slot), unless the timer is still waiting from an earlier start.
    @inlinable func schedule(_ event: Event, at due: Duration, timer: Int32) {
        queue.startTimer(timer, payload: event, at: due)
        rearm()
    }

    /// Drops chart timer `timer` (a position in the registered identifiers) and every other event waiting with
    /// its identifier: what ``cancel(id:)`` drops for that identifier.
    ///
    /// - Returns: The number of events dropped.
    /// - Complexity: O(*n*) in the number of events waiting.
    @inlinable @discardableResult
    func cancel(timer: Int32) -> Int {
        let dropped = queue.cancel(timer: timer)
        if dropped > 0 { rearm() }
        return dropped
    }

    /// Drops every waiting event.
    func cancelAll() {
        queue.removeAll()
        rearm()
    }

    /// A timer fired: forgets it, so that the next change starts a new one even if the earliest due time
    /// stayed the same (a timer that woke a little early).
    func timerFired() {
        timerDeadline = nil
        rearm()
    }

    /// Removes and returns the earliest event if it is due now.
    func popDue() -> Event? {
        guard let entry = queue.popDue(notAfter: now) else { return nil }
        rearm()
        return entry.payload
    }

    /// While no run loop runs: removes the earliest event if it is due by `end` (any, when `nil`), and
    /// moves time to its due time.
    func popMovingTime(notAfter end: Duration?) -> Event? {
        precondition(clock == nil, "Internal inconsistency: virtual time moved while a run loop runs")
        guard let entry = queue.popDue(notAfter: end) else { return nil }
        restingTime = max(restingTime, entry.due)
        return entry.payload
    }

    /// While no run loop runs: moves time forward to `time`.
    func moveTime(to time: Duration) {
        precondition(clock == nil, "Internal inconsistency: virtual time moved while a run loop runs")
        restingTime = max(restingTime, time)
    }

    /// A run loop began on `clock`: time now advances with it.
    func begin(_ clock: any RunLoopClock) {
        self.clock = clock
        rearm()
    }

    /// The run loop stopped: time stands still where the clock left it.
    func end() {
        restingTime = now
        clock = nil
        rearm()
    }

    /// Keeps one timer, sleeping until the earliest event is due, while a run loop runs: nothing to do while
    /// no run loop runs and no timer sleeps.
    @inlinable func rearm() {
        if clock == nil && timerDeadline == nil { return }
        rearmTimer()
    }

    /// ``rearm()`` while a run loop runs or a timer sleeps.
    @usableFromInline func rearmTimer() {
        let deadline = clock == nil ? nil : queue.nextDue
        guard deadline != timerDeadline else { return }
        timer?.cancel()
        timer = nil
        timerDeadline = deadline
        if let deadline, let clock { timer = clock.startTimer(until: deadline - restingTime) }
    }
}
