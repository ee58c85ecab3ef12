import Benchmark

// The suite: one file per group, each with a `register…` function (see ../../README.md).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 2,
        scalingFactor: .mega,
        maxDuration: .seconds(3),
        maxIterations: 200
    )
    registerTransitionBenchmarks()
    registerMemoryBenchmarks()
    registerDeepChartBenchmark()
    registerStenciltownBenchmarks()
    registerAsyncBenchmarks()
    registerStateSpaceBenchmarks()
}
