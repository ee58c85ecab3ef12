/// A bound of ``ExplorationLimits`` that stopped an exploration.
public enum ExplorationBound: String, Sendable, Hashable, Codable, CaseIterable {
    /// The space reached ``ExplorationLimits/maxConfigurations`` configurations; more were reachable.
    case maxConfigurations
    /// Configurations at depth ``ExplorationLimits/maxDepth`` were not expanded.
    case maxDepth
}
