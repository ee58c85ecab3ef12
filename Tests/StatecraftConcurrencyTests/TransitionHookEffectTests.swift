import Statecraft
import StatecraftTesting
import Testing

/// Work started while an event is handled belongs to the state the event leads to, whichever hook starts it.
@MainActor
@Suite("Effects started by a transition's hooks")
struct TransitionHookEffectTests {
    /// Seed 000's habit: the download starts in the pre-transition hook of the state being left.
    enum Screen: StateMachineState, Equatable {
        case fetched, downloading(Double), downloaded

        enum Event: Sendable { case download, progress(Double), done }

        func next(for event: Event) -> StateTransition<Screen> {
            switch (self, event) {
            case (.fetched, .download): .to(.downloading(0))
            case (.downloading, .progress(let fraction)): .update(.downloading(fraction))
            case (.downloading, .done): .to(.downloaded)
            default: .ignore
            }
        }

        func willTransition(on event: Event, to next: Screen, in machine: Machine) {
            guard case .download = event else { return }
            machine.startEffect(
                StateEffect { context in
                    try await context.sleep(for: .seconds(1))
                    await context.send(.progress(1))
                    await context.send(.done)
                })
        }
    }

    @Test func workStartedInWillTransitionRunsInTheStateTheEventLeadsTo() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Screen.fetched)
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        var transitions = machine.transitions.makeAsyncIterator()

        machine.send(.download)
        _ = await transitions.next()
        try #require(machine.activeEffectCount == 1, "the download was cancelled by the transition that started it")
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))
        #expect(await transitions.next()?.to == .downloading(1))
        #expect(await transitions.next()?.to == .downloaded)
    }

    @Test func workStartedInWillTransitionEndsWhenTheNextStateIsLeft() async {
        let machine = StateMachine(initialState: Screen.fetched)
        machine.send(.download)
        #expect(machine.waitingEffectCount == 1)
        machine.send(.done)
        #expect(machine.waitingEffectCount == 0)
    }
}
