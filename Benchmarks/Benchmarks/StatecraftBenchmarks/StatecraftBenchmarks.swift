import Benchmark

// The suite: one file per group. Charts, Stenciltown and async benchmarks are added as further
// `register…` functions in their own files (see ../../README.md).
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
}
