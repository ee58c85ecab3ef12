// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Statecraft
import StatecraftTesting
import Testing

// With InferIsolatedConformances (on in Xcode 26's "approachable concurrency" builds, and the default in a
// future language mode) a main-actor type's conformances are isolated to the main actor without saying
// so: the natural code below compiles as written. Referenced by UsingStatecraftFromTheMainActor.md.

/// A main-actor view model that guards its own state, written without `@MainActor` on the conformance.
@MainActor
final class PlayerModel: TransitionApprover {
    enum State { case stopped, playing, paused }

    lazy var machine = GuardedStateMachine(initialState: State.stopped, approver: self)
    private(set) var refusals = 0

    func shouldTransition(from: State, to: State) -> Bool {
        switch (from, to) {
        case (.stopped, .playing), (.playing, .paused), (.paused, .playing), (_, .stopped): true
        default: false
        }
    }

    func didRefuseTransition(from: State, to: State) { refusals += 1 }
}

/// A main-actor state type that talks to its view model from its hooks.
@MainActor
enum LightState: StateMachineState {
    case red(LightView), green(LightView)

    func next(for event: Void) -> StateTransition<LightState> {
        switch self {
        case .red(let view): .to(.green(view))
        case .green(let view): .to(.red(view))
        }
    }

    func didEnter(from previous: LightState?, in machine: Machine) {
        switch self {
        case .red(let view): view.color = "red"
        case .green(let view): view.color = "green"
        }
    }
}

/// What a view would show.
@MainActor
final class LightView { var color = "" }

@MainActor
@Suite("Inferred isolated conformances")
struct InferredIsolationTests {
    @Test func aMainActorApproverNeedsNoAnnotationOnItsConformance() {
        let model = PlayerModel()
        model.machine.state = .paused
        #expect(model.refusals == 1)
        model.machine.state = .playing
        #expect(model.machine.state == .playing)
    }

    @Test func aMainActorStateTypeNeedsNoAnnotationOnItsConformance() {
        let view = LightView()
        let machine = StateMachine(initialState: LightState.red(view))
        #expect(view.color == "red")
        machine.handle(())
        #expect(view.color == "green")
    }
}
