import Testing

@testable import Statecraft

/// Every event of every kind of machine goes through one lifecycle (`StateMachine.process(_:)`): busy → queue,
/// then the definition steps, the step is performed, the queue drained and the machine idle again.
@Suite("One event lifecycle")
struct LifecycleTests {
    /// What a definition's `decide` reaches while it runs.
    final class Reach {
        var machine: StateMachine<Echo>?
        var log: [String] = []
    }

    /// Adds each event to the state; deciding on `1` sends `2` to its own machine, as a definition that asks a
    /// delegate may.
    struct Echo: MachineDefinition {
        let reach: Reach
        var initialState: Int { 0 }

        func decide(state: Int, event: Int) -> TransitionDecision<Int, Void>? {
            reach.log.append("decide \(event)")
            if event == 1, let machine = reach.machine { reach.log.append("sent: \(machine.send(2))") }
            return event == 0 ? nil : TransitionDecision(target: state + event)
        }
    }

    @Test func anEventSentWhileTheDefinitionDecidesIsQueuedForAnyDefinition() {
        let reach = Reach()
        let machine = StateMachine(definition: Echo(reach: reach))
        reach.machine = machine
        #expect(machine.send(1) == .transitioned)
        // Queued, then handled once the first event is done: both transitions count.
        #expect(reach.log == ["decide 1", "sent: queued", "decide 2"])
        #expect(machine.state == 3)
        #expect(machine.pendingEventCount == 0)
    }

    @Test func anIgnoredEventLeavesTheMachineIdleAndHeard() {
        let reach = Reach()
        let machine = StateMachine(definition: Echo(reach: reach))
        var ignored: [Int] = []
        machine.addIgnoredEventObserver { _, event in ignored.append(event) }
        #expect(machine.send(0) == .ignored)
        #expect(ignored == [0])
        #expect(!machine.isHandling)
        #expect(machine.send(4) == .transitioned)
        #expect(machine.state == 4)
    }

    @Test func everyChartMachineMakesItsOwnStepper() throws {
        enum Phase: Hashable, Sendable { case idle, busy }
        enum Signal: CaseIterable, Sendable { case go }
        let chart = try Statechart<Phase, Signal, Int>(initial: .idle, context: 0) {
            ChartState(.idle) { OnEvent(.go, target: .busy) }
            ChartState(.busy) { OnEvent(.go, target: .idle) }
        }
        let runtime = ChartRuntime()
        let first = StateMachine(definition: chart, subject: runtime)
        let second = StateMachine(definition: chart, subject: runtime)
        #expect(first.stepper.box !== second.stepper.box)
        #expect(first.handle(.go))
        #expect(second.handle(.go))
        #expect(first.state.isActive(.busy) && second.state.isActive(.busy))
    }
}
