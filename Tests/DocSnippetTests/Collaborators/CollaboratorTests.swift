import Statecraft
import Testing

/// The idioms of `TransitionFunction.Function`'s and `StateMachineSchema.TransitionLogic`'s doc comments: a
/// non-`Sendable` collaborator is reached through an observer or through the subject, never captured by the
/// `@Sendable` transition logic.
@Suite("Non-Sendable collaborators")
struct CollaboratorTests {
    /// A collaborator that is not `Sendable`, like most loggers and analytics clients in an app.
    final class Analytics {
        var events: [String] = []
        func record(_ event: String) { events.append(event) }
    }

    enum Light: Equatable {
        case red, green
        var next: Light { self == .red ? .green : .red }
    }
    struct Tick {}

    @Test func aTransitionFunctionsCollaboratorListensThroughAnObserver() {
        let analytics = Analytics()
        let light = StateMachine(initialState: Light.red) { (light: Light, _: Tick) in light.next }
        light.addObserver { old, _, new in analytics.record("\(old) -> \(new)") }
        light.handle(Tick())
        #expect(analytics.events == ["red -> green"])
    }

    /// A screen that owns its analytics; the schema reaches both through the subject.
    final class Screen {
        let analytics = Analytics()
        private(set) var spinnerShown = false
        func showSpinner() { spinnerShown = true }

        static let schema = StateMachineSchema<Light, Tick, Screen>(initialState: .red) { light, _ in
            (
                light.next,
                { screen in
                    screen.analytics.record("load")
                    screen.showSpinner()
                }
            )
        }
    }

    @Test func aSchemasCollaboratorIsReachedThroughTheSubject() {
        let screen = Screen()
        let machine = StateMachine(schema: Screen.schema, subject: screen)
        machine.handle(Tick())
        #expect(screen.analytics.events == ["load"])
        #expect(screen.spinnerShown)
    }
}
