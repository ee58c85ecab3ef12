// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Statecraft
import StatecraftTesting
import Testing

/// "Async work in states", section "Delayed events and the clock": the two ways to send an event later.
@MainActor
@Suite("Delayed events article")
struct DelayedEventSnippets {
    /// A notice shown with a text and hidden by `.hide`; it schedules nothing itself.
    enum Notice: StateMachineState, Sendable, Equatable {
        case hidden, shown(String)
        enum Event: Sendable, Equatable { case show(String), hide }

        func next(for event: Event) -> StateTransition<Notice> {
            switch event {
            case .show(let text): .to(.shown(text))
            case .hide: self == .hidden ? .ignore : .to(.hidden)
            }
        }
    }

    /// A machine showing `text`, its run loop started on `clock`.
    static func running(_ text: String, on clock: ManualClock) async -> (Notice.Machine, Task<Void, Never>) {
        let machine = StateMachine(initialState: Notice.shown(text))
        let runLoop = Task { await machine.run(clock: clock) }
        await clock.waitForRunLoops()
        return (machine, runLoop)
    }

    @Test func theArticlesLinesCancelTheQueuedEventAndTieTheEffectToItsState() async {
        let clock = ManualClock()
        let (machine, runLoop) = await Self.running("Saved", on: clock)
        defer { runLoop.cancel() }

        // A toast hides itself after 3 s, even if another toast was shown meanwhile …
        machine.send(.hide, after: .seconds(3), id: "hide")
        // … unless the user hid it by hand:
        machine.cancelDelayedEvents(id: "hide")
        // A banner whose timer belongs to its state: showing another banner restarts it.
        machine.startEffect(.send(.hide, after: .seconds(3)))

        #expect(machine.pendingDelayedEventCount == 0)    // the queued .hide is gone
        #expect(machine.activeEffectCount == 1)
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(2))
        machine.send(.show("Other"))                       // leaving the state cancels the effect
        #expect(machine.activeEffectCount == 0)
        await clock.advance(by: .seconds(2))
        #expect(machine.state == .shown("Other"))          // the effect's .hide, due at 3 s, never came
    }

    @Test func aQueuedEventSurvivesAChangeOfState() async {
        let clock = ManualClock()
        let (machine, runLoop) = await Self.running("Saved", on: clock)
        defer { runLoop.cancel() }

        machine.send(.hide, after: .seconds(3), id: "hide")
        await clock.advance(by: .seconds(1))
        machine.send(.show("Other"))
        await clock.advance(by: .seconds(2))
        #expect(machine.state == .hidden)
    }

    @Test func anEffectsTimerFiresWhenItsStateStays() async {
        let clock = ManualClock()
        let (machine, runLoop) = await Self.running("Saved", on: clock)
        defer { runLoop.cancel() }
        var transitions = machine.transitions.makeAsyncIterator()

        machine.startEffect(.send(.hide, after: .seconds(3)))
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(3))
        #expect(await transitions.next() == MachineTransition(from: .shown("Saved"), event: .hide, to: .hidden))
    }
}
