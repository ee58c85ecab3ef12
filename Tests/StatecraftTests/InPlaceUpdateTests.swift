import Statecraft
import Testing

/// A definition that ``MachineDefinition/_updatesStateInPlace`` is always stepped with `_update(_:on:preview:in:)`
/// and told with `_didUpdate`, observed or not: once `didTransition` or an observer is attached, the
/// shell has it keep the state from before each event for them (`_keepStateForObservers`).
@Suite("In-place updates")
struct InPlaceUpdateTests {
    /// A counter that counts up to a limit; `reset` starts over. Records which entry points ran.
    final class Calls {
        var log: [String] = []
    }

    struct Counter: MachineDefinition {
        enum Event { case increment, reset, unknown }

        let limit: Int
        let calls: Calls

        static var _updatesStateInPlace: Bool { true }
        var initialState: [Int] { [] }

        func decide(state: [Int], event: Event) -> TransitionDecision<[Int], Void>? {
            calls.log.append("decide")
            switch event {
            case .increment where state.count < limit:
                return TransitionDecision(target: state + [state.count], kind: .update)
            case .reset where !state.isEmpty: return TransitionDecision(target: [], kind: .change)
            default: return nil
            }
        }

        func _update(_ state: inout [Int], on event: Event, preview: _StepPreview, in machine: StateMachine<Counter>)
            -> TransitionKind?
        {
            calls.log.append("update")
            switch event {
            case .increment where state.count < limit:
                state.append(state.count)
                return .update
            case .reset where !state.isEmpty:
                state.removeAll()
                return .change
            default:
                return nil
            }
        }

        func didTransition(
            from oldState: [Int], on event: Event, decision: TransitionDecision<[Int], Void>,
            in machine: StateMachine<Counter>
        ) {
            calls.log.append("didTransition \(decision.kind)")
        }

        func _keepStateForObservers(_ state: inout [Int], in kept: inout [Int]?) {
            calls.log.append("stateForObservers \(state.count)")
            kept = state
        }

        func _didUpdate(_ kind: TransitionKind, on event: Event, in machine: StateMachine<Counter>) {
            calls.log.append("didUpdate \(kind) \(machine.state.count)")
        }
    }

    @Test func withoutObserversTheStateIsUpdatedInPlace() {
        let calls = Calls()
        let machine = StateMachine(definition: Counter(limit: 2, calls: calls))
        #expect(machine.send(.increment) == .transitioned)
        #expect(machine.send(.increment) == .transitioned)
        #expect(machine.send(.increment) == .ignored)
        #expect(machine.send(.reset) == .transitioned)
        #expect(machine.state == [])
        #expect(
            calls.log == [
                "update", "didUpdate update 1", "update", "didUpdate update 2", "update", "update",
                "didUpdate change 0",
            ])
    }

    @Test func ignoredEventObserversStillHearOfIgnoredEvents() {
        let calls = Calls()
        let machine = StateMachine(definition: Counter(limit: 1, calls: calls))
        var ignored: [([Int], Counter.Event)] = []
        machine.addIgnoredEventObserver { state, event in ignored.append((state, event)) }
        machine.handle(.increment)
        machine.handle(.unknown)
        #expect(ignored.count == 1)
        #expect(ignored.first.map { $0.0 == [0] && $0.1 == .unknown } == true)
        #expect(calls.log == ["update", "didUpdate update 1", "update"])
    }

    @Test func anObserverGetsThePreviousStateWithoutLeavingThePlace() {
        let calls = Calls()
        let machine = StateMachine(definition: Counter(limit: 3, calls: calls))
        machine.handle(.increment)
        var seen: [[Int]] = []
        let token = machine.addObserver { old, _, new in
            seen.append(old)
            seen.append(new)
        }
        machine.handle(.increment)
        #expect(seen == [[0], [0, 1]])
        #expect(calls.log == ["update", "didUpdate update 1", "stateForObservers 1", "update", "didUpdate update 2"])

        machine.removeObserver(token)
        calls.log.removeAll()
        machine.handle(.increment)
        #expect(calls.log == ["update", "didUpdate update 3"])
        #expect(seen.count == 2)
    }

    @Test func didTransitionAlsoGetsThePreviousState() {
        let calls = Calls()
        let machine = StateMachine(definition: Counter(limit: 3, calls: calls))
        var previous: [Int]?
        machine.didTransition = { old, _, _ in previous = old }
        machine.handle(.increment)
        machine.handle(.increment)
        #expect(previous == [0])
        #expect(
            calls.log == [
                "stateForObservers 0", "update", "didUpdate update 1", "stateForObservers 1", "update",
                "didUpdate update 2",
            ])
    }

    /// A definition that does not opt in is never asked to update in place.
    @Test func definitionsDecideByDefault() {
        #expect(!TransitionFunction<Int, Int>._updatesStateInPlace)
        let machine = StateMachine(initialState: 0) { (state: Int, event: Int) in state + event }
        var updated = 0
        #expect(machine.definition._update(&updated, on: 2, preview: .unknown, in: machine) == .change)
        #expect(updated == 2)
        machine.handle(5)
        #expect(machine.state == 5)
    }
}
