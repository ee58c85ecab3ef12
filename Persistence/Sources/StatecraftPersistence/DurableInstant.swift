/// An instant on the wall clock every process of a store shares: nanoseconds since 1970-01-01 00:00 UTC.
///
/// Durable timers are stored with the instant they fall due, so that any process — started later, on
/// another host — knows when to fire them. ``WallClock`` reads the system's; ``DurableTimeline`` lets a test
/// move it with a manual clock.
public struct DurableInstant: InstantProtocol, Codable, Sendable, Hashable, CustomStringConvertible {
    /// The time since 1970-01-01 00:00 UTC, in nanoseconds.
    public var nanosecondsSinceEpoch: Int64

    /// The instant `nanosecondsSinceEpoch` after 1970-01-01 00:00 UTC.
    ///
    /// - Parameter nanosecondsSinceEpoch: Nanoseconds since the epoch.
    public init(nanosecondsSinceEpoch: Int64) {
        self.nanosecondsSinceEpoch = nanosecondsSinceEpoch
    }

    /// The epoch itself: the time of journal entries written before entries had a time.
    public static let epoch = DurableInstant(nanosecondsSinceEpoch: 0)

    /// The instant `duration` later (held at the largest or smallest instant rather than overflowing).
    ///
    /// - Parameter duration: The time to add.
    /// - Returns: The instant.
    public func advanced(by duration: Duration) -> DurableInstant {
        let (sum, overflow) = nanosecondsSinceEpoch.addingReportingOverflow(Self.nanoseconds(of: duration))
        guard !overflow else { return DurableInstant(nanosecondsSinceEpoch: duration < .zero ? .min : .max) }
        return DurableInstant(nanosecondsSinceEpoch: sum)
    }

    /// The time from this instant to `other`.
    ///
    /// - Parameter other: The later (or earlier) instant.
    /// - Returns: The duration, negative when `other` is earlier.
    public func duration(to other: DurableInstant) -> Duration {
        .nanoseconds(other.nanosecondsSinceEpoch) - .nanoseconds(nanosecondsSinceEpoch)
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: DurableInstant, rhs: DurableInstant) -> Bool {
        lhs.nanosecondsSinceEpoch < rhs.nanosecondsSinceEpoch
    }

    /// Seconds since the epoch with nine decimals, as `date +%s.%N` prints it.
    public var description: String {
        let seconds = nanosecondsSinceEpoch.quotientAndRemainder(dividingBy: 1_000_000_000)
        let fraction = String(abs(seconds.remainder))
        let sign = nanosecondsSinceEpoch < 0 && seconds.quotient == 0 ? "-" : ""
        return "\(sign)\(seconds.quotient).\(String(repeating: "0", count: 9 - fraction.count))\(fraction)"
    }

    /// `duration` in whole nanoseconds, held at `Int64`'s bounds.
    static func nanoseconds(of duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sum, overflowed) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !overflowed else { return seconds < 0 ? .min : .max }
        return sum
    }
}
