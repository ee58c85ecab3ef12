import Statecraft
import Testing

@Suite("Run-to-completion")
struct RunToCompletionTests {
    enum Step: Equatable { case idle, one, two, three }
    enum Go: Equatable { case a, b, c }

    /// Events sent from a transition block are queued and handled after the current event, FIFO.
    @Test func eventsSentDuringHandlingAreQueuedInOrder() {
        final class Box {
            var machine: StateMachine<StateMachineSchema<Step, Go, Box>>?
            var log: [String] = []
        }
        let schema = StateMachineSchema<Step, Go, Box>(initialState: .idle) { state, event in
            switch (state, event) {
            case (.idle, .a):
                return (
                    .one,
                    { box in
                        box.log.append("block a")
                        #expect(box.machine?.send(.b) == .queued)
                        #expect(box.machine?.send(.c) == .queued)
                        box.log.append("block a done")
                    }
                )
            case (.one, .b): return (.two, { $0.log.append("block b") })
            case (.two, .c): return (.three, { $0.log.append("block c") })
            default: return nil
            }
        }
        let box = Box()
        let machine = StateMachine(schema: schema, subject: box)
        box.machine = machine
        machine.didTransition = { old, event, new in box.log.append("\(old)-\(event)->\(new)") }

        #expect(machine.send(.a) == .transitioned)
        #expect(machine.state == .three)
        #expect(machine.pendingEventCount == 0)
        #expect(
            box.log == [
                "block a", "block a done", "idle-a->one",
                "block b", "one-b->two",
                "block c", "two-c->three",
            ])
        box.machine = nil
    }

    /// The state a queued event sees is the state after the previous event completed.
    @Test func observerSendingAnEventSeesTheCompletedState() {
        let machine = StateMachine(initialState: 0) { (count: Int, step: Int) in count + step }
        var seenByObserver: [Int] = []
        machine.addObserver { _, event, new in
            seenByObserver.append(new)
            if event == 1 { machine.send(10) } // follow-up, queued
        }
        machine.handle(1)
        #expect(machine.state == 11)
        #expect(seenByObserver == [1, 11])
    }

    /// A million chained self-sent events complete in a loop, not by recursion. With recursion, each
    /// event would add several stack frames and this would overflow the default 8 MiB stack.
    @Test func aMillionChainedEventsDoNotGrowTheStack() {
        struct Counter: StateMachineState {
            var count: Int
            func next(for event: Void) -> StateTransition<Counter> { .update(Counter(count: count + 1)) }
            func didTransition(on event: Void, from previous: Counter, in machine: Machine) {
                if count < 1_000_000 { machine.send(()) }
            }
        }
        let machine = StateMachine(initialState: Counter(count: 0))
        machine.handle(())
        #expect(machine.state.count == 1_000_000)
        #expect(machine.pendingEventCount == 0)
    }

    /// An ignored event in the middle of a queue does not stop the queue.
    @Test func ignoredQueuedEventDoesNotStopLaterOnes() {
        enum Light { case red, green }
        var ignored: [String] = []
        let machine = StateMachine(initialState: Light.red) { (light: Light, event: String) -> Light? in
            switch (light, event) {
            case (.red, "go"): .green
            case (.green, "stop"): .red
            default: nil
            }
        }
        machine.addIgnoredEventObserver { state, event in ignored.append("\(event)@\(state)") }
        machine.addObserver { _, event, _ in
            if event == "go" {
                machine.send("go") // ignored in .green
                machine.send("stop") // handled
            }
        }
        machine.handle("go")
        #expect(machine.state == .red)
        #expect(ignored == ["go@green"])
    }

    @Test func unhandledEventsAreReportedInTheResult() {
        let machine = StateMachine(initialState: Step.idle) { (state: Step, event: Go) -> Step? in
            state == .idle && event == .a ? .one : nil
        }
        #expect(machine.send(.b) == .ignored)
        #expect(machine.handle(.b) == false)
        #expect(machine.state == .idle)
        #expect(machine.send(.a) == .transitioned)
    }

    /// A machine with no observer and no `didTransition` decides before it marks itself busy, but its
    /// hooks run busy: what they send is queued and handled before `send` returns, in order.
    @Test func hooksOfAnUnobservedMachineSendLaterEvents() {
        enum Relay: StateMachineState, Equatable {
            case start, first, second, done
            func next(for event: Go) -> StateTransition<Relay> {
                switch (self, event) {
                case (.start, .a): .to(.first)
                case (.first, .b): .to(.second)
                case (.second, .c): .to(.done)
                default: .ignore
                }
            }
            func didEnter(from previous: Relay?, in machine: Machine) {
                switch self {
                case .first:
                    #expect(machine.send(.b) == .queued)
                    #expect(machine.send(.c) == .queued)
                    #expect(machine.state == .first)
                default: break
                }
            }
        }
        let machine = StateMachine(initialState: Relay.start)
        #expect(machine.send(.a) == .transitioned)
        #expect(machine.state == .done)
        #expect(machine.pendingEventCount == 0)
        #expect(machine.handle(.a) == false)
    }

    /// A guarded definition asks its approver while it decides, so the machine is busy meanwhile: a state
    /// the approver requests then is queued, not handled in the middle of the decision.
    @Test func anApproverRequestingAStateWhileDecidingIsQueued() {
        final class Relay: TransitionApprover {
            typealias State = Step
            var machine: StateMachine<GuardedDefinition<Relay>>?
            var log: [String] = []
            func shouldTransition(from: Step, to: Step) -> Bool {
                log.append("\(from)?\(to)")
                if from == .idle, to == .one { #expect(machine?.handle(.two) == false) }
                return to != .idle
            }
            func didTransition(from: Step, to: Step) { log.append("\(from)->\(to)") }
        }
        let relay = Relay()
        let machine = StateMachine(definition: GuardedDefinition(initialState: Step.idle, approver: relay))
        relay.machine = machine
        #expect(machine.handle(.one))
        #expect(machine.state == .two)
        #expect(relay.log == ["idle?one", "idle->one", "one?two", "one->two"])
    }

    /// A hook that gives an unobserved machine its first observer is still running busy: what it sends
    /// afterwards is queued, and the new observer hears both transitions, in order.
    @Test func aHookAddingTheFirstObserverStillQueuesItsEvents() {
        enum Relay: StateMachineState, Equatable {
            case start, first, second
            func next(for event: Go) -> StateTransition<Relay> {
                switch (self, event) {
                case (.start, .a): .to(.first)
                case (.first, .b): .to(.second)
                default: .ignore
                }
            }
            func didEnter(from previous: Relay?, in machine: Machine) {
                guard self == .first else { return }
                let heard = Heard.shared
                machine.addObserver { old, event, new in heard.log.append("\(old)-\(event)->\(new)") }
                #expect(machine.send(.b) == .queued)
                #expect(machine.state == .first)
            }
        }
        final class Heard: @unchecked Sendable {
            nonisolated(unsafe) static var shared = Heard()
            var log: [String] = []
        }
        Heard.shared = Heard()
        let machine = StateMachine(initialState: Relay.start)
        #expect(machine.send(.a) == .transitioned)
        #expect(machine.state == .second)
        #expect(Heard.shared.log == ["start-a->first", "first-b->second"])
    }
}
