/// How far an exploration may go, so that a machine with an unbounded data space yields a partial
/// ``StateSpace`` ("explored N, stopped at the bound") instead of hanging.
///
/// ```swift
/// let space = StateSpace.explore(counter, events: [.increment], limits: ExplorationLimits(maxConfigurations: 100))
/// space.stoppedAt   // .maxConfigurations
/// ```
public struct ExplorationLimits: Sendable, Hashable, Codable {
    /// The most configurations the space may hold.
    public var maxConfigurations: Int
    /// The longest event sequence explored: configurations at this depth are kept but not expanded.
    public var maxDepth: Int

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maxConfigurations: The most configurations; 100,000 by default. At least 1.
    ///   - maxDepth: The longest event sequence; unlimited by default. At least 0.
    public init(maxConfigurations: Int = 100_000, maxDepth: Int = .max) {
        self.maxConfigurations = max(1, maxConfigurations)
        self.maxDepth = max(0, maxDepth)
    }

    /// The value of `bound`.
    ///
    /// - Parameter bound: A bound.
    /// - Returns: Its value in these limits.
    public func value(of bound: ExplorationBound) -> Int {
        switch bound {
        case .maxConfigurations: maxConfigurations
        case .maxDepth: maxDepth
        }
    }
}
