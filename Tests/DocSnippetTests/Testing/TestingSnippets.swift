// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Statecraft
import StatecraftTesting
import Testing

// The Swift code of the DocC article "Testing a machine" (TestingAMachine.md), compiled and run; each ```swift
// block of the article is an excerpt of this file (DocSnippetTextTests checks it).

enum Door: Equatable, Sendable { case closed, open, locked }
enum DoorEvent: Equatable, Sendable { case open, close, lock, unlock, autoClose }

/// A door that closes itself 30 seconds after it was opened.
struct DoorDefinition: MachineDefinition {
    let initialState = Door.closed

    func decide(state: Door, event: DoorEvent) -> TransitionDecision<Door, Void>? {
        switch (state, event) {
        case (.closed, .open): TransitionDecision(target: .open)
        case (.open, .close), (.open, .autoClose): TransitionDecision(target: .closed)
        case (.closed, .lock): TransitionDecision(target: .locked)
        case (.locked, .unlock): TransitionDecision(target: .closed)
        default: nil
        }
    }

    func didTransition(from oldState: Door, on event: DoorEvent,
                       decision: TransitionDecision<Door, Void>, in machine: StateMachine<Self>) {
        if machine.state == .open { machine.send(.autoClose, after: .seconds(30)) }
    }
}

@MainActor
@Suite("Testing a machine")
struct TestingSnippets {
    @Test func decisionsArePure() {
        let door = DoorDefinition()
        #expect(door.decide(state: .closed, event: .open)?.target == .open)
        #expect(door.decide(state: .locked, event: .open) == nil)      // ignored
    }

    @Test func transitionsInOrder() {
        let machine = StateMachine(definition: DoorDefinition())
        var seen: [MachineTransition<Door, DoorEvent>] = []
        machine.addObserver { old, event, new in seen.append(MachineTransition(from: old, event: event, to: new)) }

        machine.handle(.open)
        machine.handle(.close)
        #expect(machine.send(.unlock) == .ignored)
        #expect(seen == [
            MachineTransition(from: .closed, event: .open, to: .open),
            MachineTransition(from: .open, event: .close, to: .closed),
        ])
        #expect(machine.can(.lock))
    }

    @Test func delaysOnAManualClock() async {
        let machine = StateMachine(definition: DoorDefinition())
        var transitions = machine.transitions.makeAsyncIterator()
        let clock = ManualClock()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        machine.handle(.open)
        await clock.waitForSleepers(count: 1)          // the 30 s timer is armed
        await clock.advance(by: .seconds(30))
        _ = await transitions.next()                   // .closed --open--> .open
        #expect(await transitions.next() == MachineTransition(from: .open, event: .autoClose, to: .closed))
    }
}
