/// Time on one clock, measured from the moment the timeline was made: the run loop's view of its clock.
///
/// `run(clock:isolation:)` receives `any Clock<Duration>`, whose instants cannot be stored or compared
/// without knowing the concrete clock. A timeline opens the clock once, keeps its starting instant, and
/// offers what delayed actions need in plain `Duration`s: the time elapsed, and a sleep until an offset.
struct ClockTimeline: Sendable {
    /// The time elapsed on the clock since the timeline was made.
    let elapsed: @Sendable () -> Duration
    /// Sleeps until the clock reaches the timeline's start plus the offset; throws `CancellationError`
    /// when the calling task is cancelled first.
    let sleepUntil: @Sendable (Duration) async throws -> Void

    /// Starts a timeline at `clock`'s current instant.
    ///
    /// - Parameter clock: Any clock measuring in `Duration`.
    init<C: Clock>(clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleepUntil = { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
    }
}
