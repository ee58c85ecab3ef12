import Observation
import Statecraft
import StatecraftTestSupport
import Testing

/// `ObservableStateMachine`: the state is observable with the Observation framework.
@MainActor
@Suite("Observation")
struct ObservationTests {
    enum Light: Sendable, Equatable { case red, green }
    enum LightEvent: Sendable { case go, stop }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static func observed() -> ObservableStateMachine<TransitionFunction<Light, LightEvent>> {
        ObservableStateMachine(
            StateMachine(initialState: Light.red) { (light: Light, event: LightEvent) in
                switch (light, event) {
                case (.red, .go): .green
                case (.green, .stop): .red
                default: nil
                }
            })
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aTransitionTriggersTheObservationAndTheNewStateIsVisible() {
        let light = Self.observed()
        let changes = Counter()
        let seen = withObservationTracking {
            light.state
        } onChange: {
            changes.increment()
        }
        #expect(seen == .red)
        #expect(light.send(.stop) == .ignored)
        #expect(changes.value == 0)
        #expect(light.send(.go) == .transitioned)
        #expect(changes.value == 1)
        #expect(light.state == .green)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func transitionsSentThroughTheWrappedMachineAreObservedToo() {
        let light = Self.observed()
        let changes = Counter()
        _ = withObservationTracking {
            light.state
        } onChange: {
            changes.increment()
        }
        light.machine.handle(.go)
        #expect(changes.value == 1)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func withoutAnAccessNothingIsTracked() {
        let light = Self.observed()
        let changes = Counter()
        withObservationTracking {
            _ = light.machine.state
        } onChange: {
            changes.increment()
        }
        light.send(.go)
        #expect(changes.value == 0)
    }
}
