import Statecraft
import Testing

/// Seed 004: the traffic light, as one function (version 1) and as a state type (version 3).
@Suite("Seed 004: traffic light")
struct TrafficLightSeedTests {
    enum TrafficLightState: Equatable { case red, green, yellow }
    enum TrafficLightEvent { case change }

    @Test func versionOneOneFunction() {
        let machine = StateMachine(initialState: TrafficLightState.red) {
            (current: TrafficLightState, _: TrafficLightEvent) in
            switch current {
            case .red: .green
            case .green: .yellow
            case .yellow: .red
            }
        }
        var states = [machine.state]
        for _ in 0..<3 {
            machine.handle(.change)
            states.append(machine.state)
        }
        #expect(states == [.red, .green, .yellow, .red])
    }

    enum DecidingLight: Equatable, StateMachineState {
        case red, green, yellow
        func next(for event: TrafficLightEvent) -> StateTransition<DecidingLight> {
            switch (self, event) {
            case (.red, .change): .to(.green)
            case (.green, .change): .to(.yellow)
            case (.yellow, .change): .to(.red)
            }
        }
    }

    @Test func versionThreeStatesKnowTheirNextState() {
        let machine = StateMachine(initialState: DecidingLight.red)
        var states = [machine.state]
        for _ in 0..<3 {
            machine.handle(.change)
            states.append(machine.state)
        }
        #expect(states == [.red, .green, .yellow, .red])
    }
}
