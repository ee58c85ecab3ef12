import Benchmark
import Workload

/// `Chart.deep` and `Chart.deep+observer`: the crossing as a statechart of depth 4 with two parallel
/// regions (the crossing and a lamp monitor), tracing at its default (on), over the same stream as the
/// flat styles. With the scaling factor the
/// figures marked `*` are per event.
func registerDeepChartBenchmark() {
    var configuration = transitionConfiguration
    // An iteration takes about a second: run for longer than the default 3 s to get a median (except when
    // only allocations are counted).
    configuration.maxDuration = .seconds(allocationsOnly ? 1 : 10)
    configuration.thresholds?[.throughput] = slowThroughputThreshold
    register(Scenario.deepChart, configuration: configuration)
    register(Scenario.deepChartObserved, configuration: configuration)
}

/// The throughput tolerance of the benchmarks that handle about one million events per second: the
/// harness reports throughput in whole millions per second, so 1 may read 0 on a loaded machine; their
/// time is checked as everywhere else (`transitionConfiguration`).
var slowThroughputThreshold: BenchmarkThresholds { BenchmarkThresholds(absolute: [.p50: 1, .p90: 1]) }
