/// How far an exploration may go, so that a machine with an unbounded data space, or one too large to
/// explore, yields a partial ``StateSpace`` ("explored N, stopped at the bound") instead of hanging.
///
/// ```swift
/// let space = StateSpace.explore(counter, events: [.increment], limits: ExplorationLimits(maxConfigurations: 100))
/// space.stoppedAt   // .maxConfigurations
/// ```
///
/// Four bounds apply at once; the first one hit stops exploration and is ``StateSpace/stoppedAt``:
///
/// | Bound | Default | What it bounds |
/// | --- | --- | --- |
/// | ``maxConfigurations`` | 100,000 | configurations in the space |
/// | ``maxDepth`` | unlimited | the length of the event sequences explored |
/// | ``maxWork`` | 10,000,000 | the work done, in units of ``StateSpace/work`` |
/// | ``maxDuration`` | 60 seconds | the time spent |
public struct ExplorationLimits: Sendable, Hashable {
    /// The most configurations the space may hold.
    public var maxConfigurations: Int
    /// The longest event sequence explored: configurations at this depth are kept but not expanded.
    public var maxDepth: Int
    /// The most work exploration may do, in the units of ``StateSpace/work``: each step tried costs one,
    /// plus the number of active states of the configuration it leaves and of the one it reaches. A chart
    /// of many parallel regions offers many events in large configurations, and reaches this bound long
    /// before ``maxConfigurations``.
    public var maxWork: Int
    /// The longest time exploration may run; a safety net for steps that are slow to compute (the
    /// other bounds do not depend on the machine's speed, this one does).
    public var maxDuration: Duration

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maxConfigurations: The most configurations; 100,000 by default. At least 1.
    ///   - maxDepth: The longest event sequence; unlimited by default. At least 0.
    ///   - maxWork: The most work, in units of ``StateSpace/work``; 10,000,000 by default. At least 1.
    ///   - maxDuration: The longest time; 60 seconds by default. At least zero.
    public init(
        maxConfigurations: Int = 100_000, maxDepth: Int = .max, maxWork: Int = 10_000_000,
        maxDuration: Duration = .seconds(60)
    ) {
        self.maxConfigurations = max(1, maxConfigurations)
        self.maxDepth = max(0, maxDepth)
        self.maxWork = max(1, maxWork)
        self.maxDuration = max(.zero, maxDuration)
    }

    /// The value of `bound`; ``maxDuration`` in whole seconds.
    ///
    /// - Parameter bound: A bound.
    /// - Returns: Its value in these limits.
    public func value(of bound: ExplorationBound) -> Int {
        switch bound {
        case .maxConfigurations: maxConfigurations
        case .maxDepth: maxDepth
        case .maxWork: maxWork
        case .maxDuration: Int(maxDuration.components.seconds)
        }
    }

    /// `bound = value` as messages print it: `maxWork = 10000000`, `maxDuration = 60 s`.
    ///
    /// - Parameter bound: A bound.
    /// - Returns: The bound's name and value.
    public func describe(_ bound: ExplorationBound) -> String {
        switch bound {
        case .maxDuration: "maxDuration = \(Self.printed(seconds: Self.seconds(maxDuration))) s"
        default: "\(bound.rawValue) = \(value(of: bound))"
        }
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `60` for whole seconds, `0.5` otherwise.
    static func printed(seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
