/// The time of durable machines: the wall-clock ``DurableInstant`` now, and a sleep until one, read through
/// any Swift `Clock` — ``WallClock`` in production, a manual clock (`ManualClock` of `StatecraftTesting`) in
/// tests.
///
/// ```swift
/// let clock = ManualClock()
/// let timeline = DurableTimeline(clock: clock, origin: DurableInstant(nanosecondsSinceEpoch: 1_000_000_000_000))
/// let order = try await DurableMachine(id: "order-42", chart: chart, store: store, timeline: timeline)
/// await clock.advance(by: .seconds(30))        // timeline.now is 30 s after the origin
/// ```
///
/// A timeline opens its clock once: its ``now`` is `origin` plus the time the clock moved since. Processes
/// sharing a store must agree on the time, so in production every one uses ``wall``, whose origin is the
/// wall clock's own reading.
public struct DurableTimeline: Sendable {
    /// The current instant.
    private let current: @Sendable () -> DurableInstant
    /// Sleeps until an instant; throws `CancellationError` when the task is cancelled first.
    private let sleeper: @Sendable (DurableInstant) async throws -> Void

    /// A timeline on `clock` that reads `origin` now.
    ///
    /// - Parameters:
    ///   - clock: Any clock measuring in `Duration`.
    ///   - origin: The instant the timeline reads at this moment.
    public init<C: Clock>(clock: C, origin: DurableInstant) where C.Duration == Duration {
        let start = clock.now
        current = { origin.advanced(by: start.duration(to: clock.now)) }
        sleeper = { instant in
            try await clock.sleep(until: start.advanced(by: origin.duration(to: instant)), tolerance: nil)
        }
    }

    /// The system's wall clock: what every process of a store should use.
    public static var wall: DurableTimeline {
        let clock = WallClock()
        return DurableTimeline(clock: clock, origin: clock.now)
    }

    /// The current instant.
    public var now: DurableInstant { current() }

    /// Sleeps until the timeline reaches `instant` (returns at once when it has).
    ///
    /// - Parameter instant: The instant.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until instant: DurableInstant) async throws {
        try await sleeper(instant)
    }
}
