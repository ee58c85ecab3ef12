/// The run loop's clock, as delayed actions that outlive a state see it (a chart's delayed sends).
///
/// Offered by ``StateMachine/run(clock:isolation:)`` to a ``RunLoopTimerClient`` while it runs. Times
/// are offsets from the moment the run loop began.
protocol RunLoopClock: AnyObject {
    /// The time elapsed on the run loop's clock since it began.
    var elapsed: Duration { get }

    /// Starts a task that sleeps on the run loop's clock until `deadline`, then asks the run loop to call
    /// ``RunLoopTimerClient/runLoopTimerFired()``. Cancelling the task stops it; a timer that fires late
    /// or needlessly does no harm, because the client checks which of its actions are due.
    ///
    /// - Parameter deadline: An offset from the moment the run loop began.
    /// - Returns: The sleeping task.
    func startTimer(until deadline: Duration) -> Task<Void, Never>
}

/// A machine's subject that keeps delayed actions of its own, not tied to a state, and wants them run on
/// the run loop's clock — a chart's ``ChartRuntime``.
///
/// ``StateMachine/run(clock:isolation:)`` looks for this conformance on the machine's subject once per
/// call. Every method is called on the machine's isolation.
protocol RunLoopTimerClient: AnyObject {
    /// The run loop has started on `clock`: start timers for the actions that wait.
    func runLoopDidBegin(_ clock: any RunLoopClock)
    /// A timer fired: run every action that is due, earliest first.
    func runLoopTimerFired()
    /// The run loop has stopped: stop the timers; the actions wait for the next run loop.
    func runLoopDidEnd()
}
