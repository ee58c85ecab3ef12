// The traffic light from seed 004, written both ways the seed shows:
// once as a single transition function, once as a state type that knows its next state.
import Statecraft

enum Light: String {
    case red, green, yellow
}

enum LightEvent {
    case change
}

// Version 1: one function from (state, event) to the next state.
let functionLight = StateMachine(initialState: Light.red) { (light: Light, _: LightEvent) in
    switch light {
    case .red: .green
    case .green: .yellow
    case .yellow: .red
    }
}
functionLight.didTransition = { old, _, new in print("function:   \(old) -> \(new)") }

// Version 3: the state type decides its own next state.
enum DecidingLight: String, StateMachineState {
    case red, green, yellow

    func next(for event: LightEvent) -> StateTransition<DecidingLight> {
        switch self {
        case .red: .to(.green)
        case .green: .to(.yellow)
        case .yellow: .to(.red)
        }
    }

    func didEnter(from previous: DecidingLight?, in machine: Machine) {
        print("state type: enter \(self)" + (previous.map { " (from \($0))" } ?? " (initial)"))
    }
}

print("Traffic light, function style, starting at \(functionLight.state)")
for _ in 0..<3 { functionLight.handle(.change) }

print("Traffic light, state-type style")
let typeLight = StateMachine(initialState: DecidingLight.red)
for _ in 0..<3 { typeLight.handle(.change) }
