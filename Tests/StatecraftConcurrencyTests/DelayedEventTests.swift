// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Statecraft
import StatecraftTesting
import Testing

/// `send(_:after:id:)`: an event sent after a duration on the run loop's clock. One rule for every delayed
/// event (SCXML's): it survives leaving the state that sent it; only `cancelDelayedEvents(id:)` drops it.
/// Work that belongs to a state is a `StateEffect` (cancelled with its state) or a chart's `AfterDelay`.
@MainActor
@Suite("Delayed events", .timeLimit(.minutes(1)))
struct DelayedEventTests {
    /// The sample of `ManualClock`'s documentation: a toast hides itself after 3 s.
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
            if case .shown = self { machine.send(.hide, after: .seconds(3), id: "hide") }
        }
    }

    /// Starts `machine`'s run loop on `clock` and waits until it runs.
    static func run<Definition>(_ machine: StateMachine<Definition>, on clock: ManualClock) async -> Task<Void, Never>
    where Definition.Event: Sendable {
        let runLoop = Task { await machine.run(clock: clock) }
        await clock.waitForRunLoops()
        return runLoop
    }

    @Test func theDocumentedSampleShowsTheNewStateAsSoonAsAdvanceReturns() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Toast.hidden)
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        await clock.waitForRunLoops()

        machine.send(.show("Saved"))               // the toast state sends .hide after 3 s
        await clock.advance(by: .seconds(3))
        #expect(machine.state == .hidden)          // no Task.yield(), no waiting for transitions
    }

    @Test func theEventArrivesWhenItsTimeHasComeAndNotBefore() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Toast.hidden)
        let runLoop = await Self.run(machine, on: clock)
        defer { runLoop.cancel() }

        machine.send(.show("Saved"))
        await clock.advance(by: .seconds(2))
        #expect(machine.state == .shown("Saved"))
        #expect(machine.pendingDelayedEventCount == 1)
        await clock.advance(by: .seconds(1))
        #expect(machine.state == .hidden)
        #expect(machine.pendingDelayedEventCount == 0)
    }

    @Test func leavingTheStateDoesNotCancelTheDelayedEvent() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Toast.hidden)
        var events: [Toast.Event] = []
        machine.addObserver { _, event, _ in events.append(event) }
        let runLoop = await Self.run(machine, on: clock)
        defer { runLoop.cancel() }

        machine.send(.show("first"))                // .hide due at 3 s
        await clock.advance(by: .seconds(2))
        machine.send(.show("second"))               // a new state; .hide due at 5 s too
        #expect(machine.pendingDelayedEventCount == 2)
        await clock.advance(by: .seconds(1))
        // The first toast's .hide survived the change of state and hid the second toast.
        #expect(machine.state == .hidden)
        await clock.advance(by: .seconds(2))
        #expect(events == [.show("first"), .show("second"), .hide])   // the second .hide was ignored
        #expect(machine.pendingDelayedEventCount == 0)
    }

    @Test func cancellingByIdentifierDropsTheDelayedEvents() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Toast.hidden)
        let runLoop = await Self.run(machine, on: clock)
        defer { runLoop.cancel() }

        machine.send(.show("first"))
        await clock.advance(by: .seconds(2))
        #expect(machine.cancelDelayedEvents(id: "hide") == 1)
        machine.send(.show("second"))
        await clock.advance(by: .seconds(2))
        #expect(machine.state == .shown("second"))  // the first .hide is gone
        await clock.advance(by: .seconds(1))
        #expect(machine.state == .hidden)           // the second one arrives at 5 s
        #expect(machine.cancelDelayedEvents(id: "hide") == 0)
    }

    /// A state whose timer is a `StateEffect`: it belongs to the state, and leaving the state cancels it.
    enum Banner: StateMachineState, Sendable, Equatable {
        case off, on(Int)
        enum Event: Sendable, Equatable { case show(Int), hide }

        func next(for event: Event) -> StateTransition<Banner> {
            switch event {
            case .show(let number): .to(.on(number))
            case .hide: self == .off ? .ignore : .to(.off)
            }
        }

        func didEnter(from previous: Banner?, in machine: Machine) {
            if case .on = self { machine.startEffect(.send(.hide, after: .seconds(3))) }
        }
    }

    @Test func aStateEffectThatSendsAfterADelayIsCancelledWithItsState() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Banner.off)
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = await Self.run(machine, on: clock)
        defer { runLoop.cancel() }

        machine.send(.show(1))
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(2))
        machine.send(.show(2))                      // the first banner's effect is cancelled
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))        // the first effect would have fired now
        #expect(machine.state == .on(2))
        await clock.advance(by: .seconds(2))
        _ = await transitions.next()                // show 1
        _ = await transitions.next()                // show 2
        #expect(await transitions.next() == MachineTransition(from: .on(2), event: .hide, to: .off))
    }

    /// Counts ticks; each tick schedules the next one a second later, up to three.
    enum Ticker: StateMachineState, Sendable, Equatable {
        case ticked(Int)
        enum Event: Sendable, Equatable { case tick }

        func next(for event: Event) -> StateTransition<Ticker> {
            guard case .ticked(let count) = self else { return .ignore }
            return .to(.ticked(count + 1))
        }

        func didEnter(from previous: Ticker?, in machine: Machine) {
            if case .ticked(let count) = self, count < 3 { machine.send(.tick, after: .seconds(1)) }
        }
    }

    @Test func advanceDeliversEventsScheduledByEventsDueWithinTheSameAdvance() async throws {
        let clock = ManualClock()
        let start = clock.now
        let machine = StateMachine(initialState: Ticker.ticked(0))
        var times: [Duration] = []
        machine.addObserver { _, _, _ in times.append(start.duration(to: clock.now)) }
        let runLoop = await Self.run(machine, on: clock)
        defer { runLoop.cancel() }

        await clock.advance(by: .seconds(10))
        #expect(machine.state == .ticked(3))
        // Each tick was handled at its own time, not at the end of the advance.
        #expect(times == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.now == start.advanced(by: .seconds(10)))
    }

    @Test func eventsSentWhileNoRunLoopRunsCountTheirDelayFromItsStart() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Toast.hidden)
        machine.send(.show("early"))                // no run loop: the .hide waits
        await clock.advance(by: .seconds(10))
        #expect(machine.state == .shown("early"))
        let runLoop = await Self.run(machine, on: clock)
        defer { runLoop.cancel() }
        await clock.advance(by: .seconds(2))
        #expect(machine.state == .shown("early"))
        await clock.advance(by: .seconds(1))
        #expect(machine.state == .hidden)
    }

    @Test func aMachineActorSendsAndCancelsDelayedEventsToo() async throws {
        let clock = ManualClock()
        let owner = MachineActor(StateMachine(initialState: Toast.hidden))
        let runLoop = Task { await owner.run(clock: clock) }
        defer { runLoop.cancel() }
        await clock.waitForRunLoops()

        await owner.send(.show("Saved"))
        await owner.send(.show("Saved"), after: .seconds(1), id: "again")
        #expect(await owner.cancelDelayedEvents(id: "again") == 1)
        await clock.advance(by: .seconds(3))
        #expect(await owner.withMachine { $0.state } == .hidden)
    }

    /// The second sample of the article *Async work in states*: an effect sleeps, then sends its event.
    enum Loader: StateMachineState, Sendable, Equatable {
        case idle, loading, loaded
        enum Event: Sendable, Equatable { case start, loaded }

        func next(for event: Event) -> StateTransition<Loader> {
            switch (self, event) {
            case (.idle, .start): .to(.loading)
            case (.loading, .loaded): .to(.loaded)
            default: .ignore
            }
        }

        func didEnter(from previous: Loader?, in machine: Machine) {
            guard self == .loading else { return }
            machine.startEffect(StateEffect { context in
                try await context.sleep(for: .seconds(1))
                await context.send(.loaded)
            })
        }
    }

    @Test func theArticlesEffectSampleAwaitsWhatTheWokenEffectSends() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Loader.idle)
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        await clock.waitForRunLoops()

        var transitions = machine.transitions.makeAsyncIterator()
        machine.send(.start)                       // .loading's effect sleeps 1 s, then sends .loaded
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))       // the effect wakes and sends .loaded on its own task
        _ = await transitions.next()               // idle → loading
        #expect(await transitions.next()?.to == .loaded)
    }
}
