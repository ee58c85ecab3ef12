import StatecraftAnalysis

extension ExplorationLimits {
    /// The limits a visualizer page is explored under unless told otherwise: 2,000 configurations, work
    /// 1,000,000, 30 seconds, any depth. They keep a page to a few megabytes and its making to seconds; a
    /// page cut at a bound says so, and so does `StateSpace.incompleteness` of its model's space.
    public static var visualizerPage: ExplorationLimits {
        ExplorationLimits(maxConfigurations: 2_000, maxWork: 1_000_000, maxDuration: .seconds(30))
    }
}
