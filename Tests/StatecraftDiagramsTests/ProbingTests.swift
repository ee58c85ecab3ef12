import Foundation
import Statecraft
import StatecraftDiagrams
import Testing

/// Counts calls from blocks and hooks that probing must never run.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

@Suite("Probing a definition")
struct ProbingTests {
    @Test func caseIterableSchemaIsProbedInDeclarationOrder() {
        let description = Fixtures.refreshListSchema().machineDescription()
        #expect(description.states.map(\.id) == ["List", "Refreshing", "Error"])
        #expect(description.events.map(\.id) == ["Refresh", "ShowList", "ShowError", "DismissError"])
        #expect(description.initialState == "List")
        #expect(
            description.transitions.map { "\($0.source)-\($0.event ?? "")->\($0.targets)" } == [
                "List-Refresh->[\"Refreshing\"]", "Refreshing-ShowList->[\"List\"]",
                "Refreshing-ShowError->[\"Error\"]",
                "Error-Refresh->[\"Refreshing\"]", "Error-DismissError->[\"List\"]",
            ])
    }

    @Test func probingNeverRunsTransitionBlocks() {
        let counter = CallCounter()
        let schema = Fixtures.refreshListSchema(onBlock: { counter.increment() })
        _ = schema.machineDescription()
        #expect(counter.count == 0)
        // The same blocks do run when a machine handles events, so the counter can see them.
        StateMachine(schema: schema).handle(.refresh)
        #expect(counter.count == 1)
    }

    enum Light: CaseIterable, StateMachineState {
        case red, green
        nonisolated(unsafe) static var hookCalls = 0
        func next(for event: Tick) -> StateTransition<Light> {
            switch self {
            case .red: .to(.green)
            case .green: .to(.red)
            }
        }
        func willTransition(on event: Tick, to next: Light, in machine: Machine) { Self.hookCalls += 1 }
        func didEnter(from previous: Light?, in machine: Machine) { Self.hookCalls += 1 }
    }
    enum Tick: CaseIterable { case tick }

    @Test func probingNeverRunsHooks() {
        Light.hookCalls = 0
        let description = StateTypeDefinition(initialState: Light.red).machineDescription()
        #expect(Light.hookCalls == 0)
        #expect(
            description.transitions == [
                TransitionDescription(source: "red", event: "tick", target: "green"),
                TransitionDescription(source: "green", event: "tick", target: "red"),
            ])
    }

    @Test func functionDefinitionsAreProbed() {
        let machine = StateMachine(initialState: Light.red) { (light: Light, _: Tick) in
            switch light {
            case .red: .green
            case .green: nil
            }
        }
        #expect(
            machine.machineDescription().transitions == [
                TransitionDescription(source: "red", event: "tick", target: "green")
            ])
    }

    @Test func labelsDefaultToCaseNames() {
        #expect(DiagramLabel.of(Loadable<Int>.data(3)) == "data")
        #expect(DiagramLabel.of(LoadableEvent<Int>.succeed(3)) == "succeed")
        #expect(DiagramLabel.of(Light.green) == "green")
        #expect(DiagramLabel.of(Fixtures.ScreenState.list) == "List")
    }

    struct SampleError: Error {}

    @Test func payloadCasesAreProbedFromSamples() {
        let description = LoadableDefinition<[Int]>().machineDescription(
            states: [.loading, .data([1]), .failure(SampleError()), .empty],
            events: [.load, .succeed([1]), .fail(SampleError()), .empty, .reload])
        #expect(description.states.map(\.id) == ["loading", "data", "failure", "empty"])
        #expect(description.events.map(\.id) == ["load", "succeed", "fail", "empty", "reload"])
        #expect(
            description.transitions.map { "\($0.source) \($0.event ?? "-") \($0.targets[0])" } == [
                "loading succeed data", "loading fail failure", "loading empty empty",
                "data reload loading",
                "failure load loading", "failure reload loading",
                "empty load loading", "empty reload loading",
            ])
    }

    @Test func targetsOutsideTheSamplesAreDiscovered() {
        let description = LoadableDefinition<[Int]>().machineDescription(
            states: [.loading], events: [.load, .succeed([1]), .fail(SampleError()), .empty, .reload])
        #expect(description.states.map(\.id) == ["loading", "data", "failure", "empty"])
        #expect(description.transitions.count == 8)
    }

    enum Download { case idle, fetching(progress: Double) }
    enum DownloadEvent { case start, progress(Double) }

    @Test func updatesBecomeInternalTransitions() {
        struct Progressing: MachineDefinition {
            var initialState: Download { .idle }
            func decide(state: Download, event: DownloadEvent) -> TransitionDecision<Download, Void>? {
                switch (state, event) {
                case (.idle, .start): TransitionDecision(target: .fetching(progress: 0))
                case (.fetching, .progress(let value)):
                    TransitionDecision(target: .fetching(progress: value), kind: .update)
                case (.idle, .progress), (.fetching, .start): nil
                }
            }
        }
        let description = Progressing().machineDescription(states: [.idle], events: [.start, .progress(0.5)])
        #expect(
            description.transitions == [
                TransitionDescription(source: "idle", event: "start", target: "fetching"),
                TransitionDescription(source: "fetching", event: "progress", target: "fetching", kind: .internal),
            ])
    }

    struct Counter: DiagramLabeled {
        var value: Int
        var diagramLabel: String { "count \(value)" }
    }

    @Test func discoveryStopsAtTheStateLimit() {
        let counting = TransitionFunction<Counter, Tick>(initialState: Counter(value: 0)) { state, _ in
            Counter(value: state.value + 1)
        }
        let description = counting.machineDescription(states: [], events: [.tick], maximumStates: 5)
        #expect(description.states.count == 6)
        #expect(description.states.first?.id == "count 0")
        #expect(description.transitions.count == 5)
    }

    @Test func aMachineDescribesItsDefinitionWithoutChangingState() {
        let machine = StateMachine(schema: Fixtures.refreshListSchema())
        machine.handle(.refresh)
        let description = machine.machineDescription()
        #expect(machine.state == .refreshing)
        #expect(description.initialState == "List")
    }
}
