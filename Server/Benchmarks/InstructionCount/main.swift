// The instructions an event costs with the server products' instruments off, beside plain `send(_:)`:
// `Benchmarks/instructions-per-event.sh` runs each scenario under callgrind for one and for three passes.
//
// Usage: statecraft-server-instructions SCENARIO PASSES  |  statecraft-server-instructions list
import CoreMetrics
import Foundation
import Statecraft
import StatecraftMetrics
import StatecraftTracing
import Tracing

/// A switch: `off` ⇄ `on` on `flip`.
enum Power: UInt8, Hashable, Sendable {
    case off, on
}

/// The one event.
enum Flip: UInt8, Hashable, Sendable {
    case flip
}

/// The events of one pass.
let eventsPerPass = 200_000

/// The switch as a chart: what servers run (SCXML charts, durable machines).
func chartMachine() -> StateMachine<Statechart<Power, Flip, Int>> {
    do {
        let chart = try Statechart<Power, Flip, Int>(initial: .off, context: 0) {
            ChartState(.off) { OnEvent(.flip, target: .on) }
            ChartState(.on) { OnEvent(.flip, target: .off) }
        }
        return StateMachine(chart: chart)
    } catch {
        preconditionFailure("Internal inconsistency: the switch chart is invalid: \(error)")
    }
}

/// The switch as a tabulated transition function: the core's cheapest machine.
func functionMachine() -> StateMachine<TransitionFunction<Power, Flip>> {
    StateMachine(definition: TransitionFunction(initialState: .off) { state, _ in state == .off ? .on : .off })
}

/// Sends `eventsPerPass × passes` flips through `send`, and prints the final state so that nothing is
/// optimised away.
@inline(never)
func run<D: MachineDefinition>(_ machine: StateMachine<D>, passes: Int, _ send: (StateMachine<D>) -> EventOutcome) {
    var transitions = 0
    for _ in 0..<(eventsPerPass * passes) where send(machine) == .transitioned { transitions += 1 }
    print(transitions, machine.state)
}

let metricsOff = MachineMetrics(machineType: "switch", factory: NOOPMetricsHandler.instance)
// Made with nothing bootstrapped: the `NoOpTracer`.
let tracingOff = MachineTracing(machineType: "switch")

/// The scenarios of one style of machine: plain `send(_:)`, then with metrics off, then with tracing off.
/// Specialised for each style by the optimiser, as `run` is.
func scenarios<D: MachineDefinition>(
    _ style: String, _ makeMachine: @escaping () -> StateMachine<D>
) -> [(String, (Int) -> Void)] where D.Event == Flip {
    [
        ("\(style).send", { passes in run(makeMachine(), passes: passes) { $0.send(.flip) } }),
        (
            "\(style).send+metrics-off",
            { passes in
                let machine = makeMachine()
                machine.recordMetrics(metricsOff)
                run(machine, passes: passes) { $0.send(.flip, recording: metricsOff) }
            }
        ),
        (
            "\(style).send+tracing-off",
            { passes in run(makeMachine(), passes: passes) { $0.send(.flip, tracing: tracingOff) } }
        ),
    ]
}

let allScenarios = scenarios("chart", chartMachine) + scenarios("function", functionMachine)

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "list" {
    for (name, _) in allScenarios { print(name) }
} else if arguments.count == 2, let passes = Int(arguments.last ?? ""),
    let scenario = allScenarios.first(where: { $0.0 == arguments.first })
{
    scenario.1(passes)
} else {
    print("usage: statecraft-server-instructions SCENARIO PASSES | list")
    exit(2)
}
