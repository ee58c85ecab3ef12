import Benchmark
import Statecraft
import Workload

/// `Memory.schemaMachines`: one iteration creates 1,000,000 machines sharing one schema. With the
/// scaling factor, `Malloc (bytes total) *` is the bytes allocated per machine and `Malloc (total) *`
/// the allocations per machine.
func registerMemoryBenchmarks() {
    let count = BenchmarkScalingFactor.mega.rawValue
    Benchmark(
        "Memory.schemaMachines",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount],
            maxIterations: allocationsOnly ? 3 : 20,
            thresholds: [
                .wallClock: BenchmarkThresholds(relative: [.p50: 200.0, .p90: 200.0]),
                // One allocation of 48 bytes per machine, give or take the harness's own.
                .mallocCountTotal: BenchmarkThresholds(absolute: [.p50: 100, .p90: 100]),
                .mallocBytesCount: BenchmarkThresholds(absolute: [.p50: 10_000, .p90: 10_000]),
            ]
        )
    ) { (benchmark: Benchmark, machines: MachineArray) in
        machines.storage.removeAll(keepingCapacity: true)
        benchmark.startMeasurement()
        MachineFootprint.makeMachines(count, into: &machines.storage)
        benchmark.stopMeasurement()
        blackHole(machines.storage.count)
    } setup: {
        let machines = MachineArray()
        machines.storage.reserveCapacity(count)
        return machines
    }
}

/// The machines created by `Memory.schemaMachines`, kept between iterations so that freeing them is
/// not measured.
final class MachineArray {
    var storage: [StateMachine<StateMachineSchema<Crossing, CrossingEvent, Void>>] = []
}
