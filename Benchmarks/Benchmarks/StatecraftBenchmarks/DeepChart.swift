import Benchmark
import Workload

/// `Chart.deep`: the crossing as a statechart of depth 4 with two parallel regions (the crossing and a
/// lamp monitor), tracing off, over the same stream as the flat styles. With the scaling factor the
/// figures marked `*` are per event.
func registerDeepChartBenchmark() {
    register(Scenario.deepChart)
}
