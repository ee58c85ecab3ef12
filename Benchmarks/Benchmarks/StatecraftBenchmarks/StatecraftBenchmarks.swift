import Benchmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether `Scripts/check-malloc-thresholds.sh` runs the suite: allocation counts are exact, so a few
/// iterations of each benchmark measure them as well as three seconds do.
let allocationsOnly = getenv("STATECRAFT_BENCHMARK_ALLOCATIONS_ONLY") != nil

// The suite: one file per group, each with a `register…` function (see ../../README.md).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: allocationsOnly ? 1 : 2,
        scalingFactor: .mega,
        maxDuration: .seconds(allocationsOnly ? 1 : 3),
        maxIterations: allocationsOnly ? 5 : 200
    )
    registerTransitionBenchmarks()
    registerMemoryBenchmarks()
    registerDeepChartBenchmark()
    registerStenciltownBenchmarks()
    registerAsyncBenchmarks()
    registerStateSpaceBenchmarks()
}
