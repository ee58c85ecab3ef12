import Foundation

/// A clock whose time moves by ``step`` each time it is read, and only then: every duration measured between
/// two readings is exactly ``step``, whatever the machine running the test is doing.
public final class SteppingClock: Clock, @unchecked Sendable {
    /// The clock's instant: a duration since its origin.
    public typealias Instant = ContinuousClock.Instant

    /// How far each reading moves the clock.
    public let step: Duration
    private let origin = ContinuousClock.Instant.now
    // Guarded by `lock`.
    private let lock = NSLock()
    private var readings = 0

    /// A clock moving by `step` at each reading.
    public init(step: Duration) { self.step = step }

    /// The origin plus ``step`` times the number of earlier readings.
    public var now: Instant {
        let count = lock.withLock {
            defer { readings += 1 }
            return readings
        }
        return origin.advanced(by: step * count)
    }

    /// Zero.
    public var minimumResolution: Duration { .zero }

    /// Returns at once: nothing the tests measure sleeps.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}
