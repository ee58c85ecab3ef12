import Statecraft
import StatecraftTesting
import Testing

/// `send(_:after:)`: an event sent after a duration on the run loop's clock, cancelled with its state.
@MainActor
@Suite("Delayed events")
struct DelayedEventTests {
    enum Toast: StateMachineState, Sendable, Equatable {
        case hidden, shown(String)
        enum Event: Sendable, Equatable { case show(String), hide }

        func next(for event: Event) -> StateTransition<Toast> {
            switch event {
            case .show(let text): .to(.shown(text))
            case .hide: self == .hidden ? .ignore : .to(.hidden)
            }
        }

        func didEnter(from previous: Toast?, in machine: Machine) {
            if case .shown = self { machine.send(.hide, after: .seconds(3)) }
        }
    }

    @Test func theEventArrivesWhenItsTimeHasComeAndNotBefore() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Toast.hidden)
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        machine.send(.show("Saved"))
        _ = await transitions.next()
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(2))
        #expect(clock.sleeperCount == 1)       // still waiting: 2 s of 3
        #expect(machine.state == .shown("Saved"))
        clock.advance(by: .seconds(1))
        #expect(await transitions.next() == MachineTransition(from: .shown("Saved"), event: .hide, to: .hidden))
    }

    @Test func leavingTheStateCancelsTheDelayedEvent() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Toast.hidden)
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        machine.send(.show("first"))
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(2))
        machine.send(.show("second"))           // a new state: the first timer is cancelled
        await clock.waitForSleepers(count: 1)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))          // the first timer would have fired now
        #expect(clock.sleeperCount == 1)
        #expect(machine.state == .shown("second"))
        clock.advance(by: .seconds(2))
        _ = await transitions.next()            // show first
        _ = await transitions.next()            // show second
        #expect(await transitions.next() == MachineTransition(from: .shown("second"), event: .hide, to: .hidden))
    }
}
