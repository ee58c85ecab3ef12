#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's wall clock (`CLOCK_REALTIME`) as a Swift `Clock`: the clock of durable timers in production.
///
/// Its instants are comparable across processes and hosts (as far as their clocks agree), which the
/// instants of `ContinuousClock` are not. Sleeping until an instant sleeps for the time left then.
public struct WallClock: Clock {
    /// A system wall clock.
    public init() {}

    /// The current wall-clock time.
    public var now: DurableInstant {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return DurableInstant(nanosecondsSinceEpoch: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// One nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Sleeps until the wall clock reads `deadline` (measured once, as the time left now).
    ///
    /// - Parameters:
    ///   - deadline: The instant.
    ///   - tolerance: Passed on to `Task.sleep`.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: DurableInstant, tolerance: Duration?) async throws {
        let left = now.duration(to: deadline)
        guard left > .zero else { return }
        try await Task.sleep(for: left, tolerance: tolerance)
    }
}
