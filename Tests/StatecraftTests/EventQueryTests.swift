import Statecraft
import Testing

/// `machine.can(_:)` and `handledEvents` for every way of defining a machine: answered without running
/// anything and without changing the state.
@Suite("Event queries")
struct EventQueryTests {
    enum Screen: Equatable, Sendable { case list, refreshing }
    enum Input: CaseIterable, Equatable, Sendable { case refresh, loaded, dismiss }

    @Test func aTransitionFunctionAnswersFromItsFunction() {
        let machine = StateMachine(initialState: Screen.list) { (screen: Screen, input: Input) in
            switch (screen, input) {
            case (.list, .refresh): .refreshing
            case (.refreshing, .loaded): .list
            default: nil
            }
        }
        #expect(machine.can(.refresh))
        #expect(!machine.can(.loaded))
        #expect(machine.handledEvents == [.refresh])
        #expect(machine.state == .list)
    }

    @Test func aSchemaAnswersWithoutRunningItsTransitionBlock() {
        final class Subject { var blocksRun = 0 }
        let schema = StateMachineSchema<Screen, Input, Subject>(initialState: .list) { screen, input in
            screen == .list && input == .refresh ? (.refreshing, { $0.blocksRun += 1 }) : nil
        }
        let subject = Subject()
        let machine = StateMachine(schema: schema, subject: subject)
        #expect(machine.can(.refresh))
        #expect(subject.blocksRun == 0)
        #expect(machine.state == .list)
    }

    enum Light: StateMachineState, Equatable {
        case red, green
        func next(for event: Input) -> StateTransition<Light> { event == .refresh ? .to(self == .red ? .green : .red) : .ignore }
        func didEnter(from previous: Light?, in machine: Machine) { if previous != nil { preconditionFailure("a query ran a hook") } }
    }

    @Test func aStateTypeAnswersWithoutRunningHooks() {
        let machine = StateMachine(initialState: Light.red)
        #expect(machine.handledEvents == [.refresh])
        #expect(machine.state == .red)
    }

    @Test func aLoadableMachineAnswersFromItsTable() {
        let songs = LoadableMachine<[String]>()
        #expect(songs.can(.empty))
        #expect(!songs.can(.reload))
    }

    enum Player: Hashable, Sendable { case off, on, stopped, playing }

    @Test func aChartAnswersWithoutEvaluatingGuardsOrRunningActions() throws {
        final class Counter: @unchecked Sendable { var value = 0 }
        let guards = Counter()
        let actions = Counter()
        let chart = try Statechart<Player, Input, Void>(initial: .off, context: ()) {
            ChartState(.off) {
                OnEvent(.refresh, target: .on, when: { _, _ in guards.value += 1; return false },
                        action: { _, _ in actions.value += 1 })
            }
            ChartState(.on, initial: .stopped) {
                OnEvent(.dismiss, target: .off)
                ChartState(.stopped) { OnEvent(.loaded, target: .playing) }
                ChartState(.playing)
            }
        }
        let machine = StateMachine(chart: chart)
        #expect(machine.can(.refresh))          // guard-free: the guard, which is false, is not evaluated
        #expect(!machine.can(.loaded))
        #expect(machine.handledEvents == [.refresh])
        #expect(guards.value == 0)
        #expect(actions.value == 0)
        #expect(machine.state.configuration == [.off])
    }
}
