import Benchmark
import StatecraftAnalysis
import Workload

/// `Analysis.explore10000`: exploring the state space of ``ExplorationChart`` — a parallel state of four
/// regions of ten states, 10,000 reachable configurations and 40,000 steps — with the chart's own step
/// function. One exploration per iteration (no scaling factor): the figures are per exploration.
func registerStateSpaceBenchmarks() {
    var configuration = Benchmark.defaultConfiguration
    configuration.scalingFactor = .one
    configuration.maxDuration = .seconds(10)
    configuration.maxIterations = 20
    Benchmark("Analysis.explore10000", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let space = ExplorationChart.explore()
            precondition(
                space.configurations.count == 10_000 && space.isComplete, "the space should have 10,000 configurations")
            blackHole(space.edges.count)
        }
    }
}
