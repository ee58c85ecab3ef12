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
        func next(for event: Input) -> StateTransition<Light> {
            event == .refresh ? .to(self == .red ? .green : .red) : .ignore
        }
        func didEnter(from previous: Light?, in machine: Machine) {
            if previous != nil { preconditionFailure("a query ran a hook") }
        }
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
                OnEvent(
                    .refresh, target: .on,
                    when: { _, _ in
                        guards.value += 1
                        return false
                    },
                    action: { _, _ in actions.value += 1 })
            }
            ChartState(.on, initial: .stopped) {
                OnEvent(.dismiss, target: .off)
                ChartState(.stopped) { OnEvent(.loaded, target: .playing) }
                ChartState(.playing)
            }
        }
        let machine = StateMachine(chart: chart)
        #expect(!machine.can(.refresh)) // the guard is false
        #expect(guards.value == 1)
        #expect(machine.can(.refresh, evaluatingGuards: false)) // guard-free: a transition exists
        #expect(guards.value == 1)
        #expect(!machine.can(.loaded, evaluatingGuards: false))
        #expect(machine.handledEvents == [])
        #expect(actions.value == 0)
        #expect(machine.state.configuration == [.off])
    }

    @Test func aChartsGuardsAreAskedReadOnly() throws {
        let chart = try Statechart<Player, Input, Int>(initial: .off, context: 3) {
            ChartState(.off) {
                OnEvent(.refresh, target: .on, when: { count, _ in count > 2 })
                OnEvent(.dismiss, target: .on, when: { _, _ in throw CancellationError() })
            }
            ChartState(.on, initial: .stopped) {
                ChartState(.stopped)
            }
        }
        let machine = StateMachine(chart: chart)
        #expect(machine.can(.refresh))
        #expect(!machine.can(.dismiss)) // a throwing guard counts as false
        #expect(machine.handledEvents == [.refresh])
        #expect(machine.state.configuration == [.off])
    }
}
