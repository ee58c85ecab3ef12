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
            metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount, .peakMemoryResidentDelta],
            maxIterations: 20,
            thresholds: [
                .mallocCountTotal: BenchmarkThresholds(absolute: [.p50: 10, .p90: 10]),
                .mallocBytesCount: BenchmarkThresholds(absolute: [.p50: 1_000, .p90: 1_000]),
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
