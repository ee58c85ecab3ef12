/// The run loop's clock, as a machine's delayed events see it.
///
/// Offered by ``StateMachine/run(clock:isolation:)`` to the machine's ``MachineDelayedEvents`` while it
/// runs. Times are offsets from the moment the run loop began.
@usableFromInline
protocol RunLoopClock: AnyObject {
    /// The time elapsed on the run loop's clock since it began.
    var elapsed: Duration { get }

    /// Starts a task that sleeps on the run loop's clock until `deadline`, then asks the run loop to
    /// deliver the delayed events that are due. Cancelling the task stops it; a timer that fires late or
    /// needlessly does no harm, because the run loop checks which events are due.
    ///
    /// - Parameter deadline: An offset from the moment the run loop began.
    /// - Returns: The sleeping task.
    func startTimer(until deadline: Duration) -> Task<Void, Never>
}
