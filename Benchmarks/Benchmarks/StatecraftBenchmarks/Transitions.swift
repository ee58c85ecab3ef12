import Benchmark
import Workload

/// The stream every transition benchmark runs: 1,000,000 events, about 30 % invalid.
let stream = EventStream(count: 1_000_000)

/// `Baseline.*` and `Core.*`: one iteration runs the whole stream through the machine, so the scaled
/// figures (`*`, scaling factor 1,000,000) are per event.
func registerTransitionBenchmarks() {
    precondition(stream.count == BenchmarkScalingFactor.mega.rawValue, "one iteration must be one million events")
    for scenario in Scenario.all {
        Benchmark(scenario.name, configuration: transitionConfiguration) { (_: Benchmark, pass: () -> UInt64) in
            blackHole(pass())
        } setup: {
            let pass = scenario.makePass(for: stream)
            let result = pass()
            precondition(
                result == scenario.expectedResult(for: stream),
                "\(scenario.name) computed \(result), expected \(scenario.expectedResult(for: stream))")
            return pass
        }
    }
}

/// Time may drift with the machine's load; allocations may not: the malloc count of an iteration
/// (one million events) is the harness's own few allocations, never one per event.
var transitionConfiguration: Benchmark.Configuration {
    Benchmark.Configuration(
        thresholds: [
            .wallClock: BenchmarkThresholds(relative: [.p50: 25.0]),
            .cpuTotal: BenchmarkThresholds(relative: [.p50: 25.0]),
            .throughput: BenchmarkThresholds(relative: [.p50: 25.0]),
            .mallocCountTotal: BenchmarkThresholds(absolute: [.p50: 10, .p90: 10]),
        ]
    )
}
