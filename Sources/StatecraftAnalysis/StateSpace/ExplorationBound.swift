/// A bound of ``ExplorationLimits`` that stopped an exploration.
public enum ExplorationBound: String, Sendable, Hashable, Codable, CaseIterable {
    /// The space reached ``ExplorationLimits/maxConfigurations`` configurations; more were reachable.
    case maxConfigurations
    /// Configurations at depth ``ExplorationLimits/maxDepth`` were not expanded.
    case maxDepth
    /// The work done reached ``ExplorationLimits/maxWork`` (see ``StateSpace/work``); steps were left untried.
    case maxWork
    /// Exploration ran for ``ExplorationLimits/maxDuration``; steps were left untried.
    case maxDuration
}
