import Benchmark
import Workload

/// `Async.fourTasks`: four tasks send 250,000 events each, at the same time, to one crossing machine
/// owned by a `MachineActor` — one `await send(_:)` per event. An iteration sends the whole stream
/// (1,000,000 events), so with the scaling factor the figures marked `*` are per event; the throughput is
/// events per second into the shared machine.
func registerAsyncBenchmarks() {
    let tasks = 4
    Benchmark("Async.fourTasks", configuration: asyncConfiguration) {
        (_: Benchmark, input: (actor: SharedCrossing.Actor, slices: [[CrossingEvent]])) async in
        blackHole(await SharedCrossing.send(input.slices, to: input.actor))
    } setup: {
        let actor = SharedCrossing.makeActor()
        let slices = SharedCrossing.split(stream.events, into: tasks)
        let handled = await SharedCrossing.send(slices, to: actor)
        precondition(handled == UInt64(stream.count), "Async.fourTasks handled \(handled) of \(stream.count) events")
        return (actor: actor, slices: slices)
    }
}

/// The async benchmark's tolerances are those of `transitionConfiguration`; an iteration takes most of a
/// second, so it runs for longer than the default 3 s to get a median (except when only allocations are
/// counted).
var asyncConfiguration: Benchmark.Configuration {
    var configuration = transitionConfiguration
    configuration.maxDuration = .seconds(allocationsOnly ? 1 : 10)
    configuration.maxIterations = allocationsOnly ? 3 : 30
    configuration.thresholds?[.throughput] = slowThroughputThreshold
    return configuration
}
