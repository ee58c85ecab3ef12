import Benchmark
import Workload

/// `Stenciltown.download` and `Stenciltown.download+effects`: Stenciltown's machine driven synchronously
/// through 1,000,000 events of realistic sessions (``StenciltownStream``), without network or run loop.
/// The first runs the definition's transitions only; the second the real definition, whose states build
/// and queue their effects. With the scaling factor the figures marked `*` are per event.
func registerStenciltownBenchmarks() {
    precondition(
        StenciltownStream.standard.count == BenchmarkScalingFactor.mega.rawValue,
        "one iteration must be one million events")
    for scenario in Scenario.stenciltown {
        register(scenario)
    }
}
