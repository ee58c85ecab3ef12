import Statecraft
import StatecraftTesting
import Testing

/// Delayed events on a manual clock: `AfterDelay` transitions, sends with delays, cancel by identifier,
/// time order (SCXML 1.0 §6.2, §6.3). Nothing here waits in real time.
@MainActor
@Suite("Chart delayed events", .timeLimit(.minutes(1)))
struct DelayTests {
    /// Starts `machine`'s run loop on `clock` and waits until it runs.
    static func run(_ machine: StateMachine<TestChart>, on clock: ManualClock) async -> Task<Void, Never> {
        let runLoop = Task { await machine.run(clock: clock) }
        await clock.waitForRunLoops()
        return runLoop
    }

    static func makeChart() throws -> TestChart {
        try TestChart(initial: .idle, context: Log()) {
            ChartState(.idle) { OnEvent(.go, target: .busy) }
            ChartState(.busy) {
                AfterDelay(.seconds(2), send: .timeout, target: .idle, action: say("timed out"))
                OnEvent(.back, target: .idle)
            }
        }
    }

    @Test func afterTransitionFiresOnceTheDelayHasElapsed() async throws {
        let clock = ManualClock()
        let machine = StateMachine(chart: try Self.makeChart())
        let runLoop = await Self.run(machine, on: clock)
        defer { runLoop.cancel() }
        machine.handle(.go)
        #expect(machine.pendingDelayedEventCount == 1)
        await clock.advance(by: .milliseconds(1999))
        #expect(machine.state.isActive(.busy))
        await clock.advance(by: .milliseconds(1))
        #expect(machine.state.isActive(.idle))
        #expect(machine.state.context.entries == ["timed out"])
        #expect(machine.pendingDelayedEventCount == 0)
    }

    @Test func leavingTheStateCancelsItsAfterTransition() async throws {
        let clock = ManualClock()
        let machine = StateMachine(chart: try Self.makeChart())
        let runLoop = await Self.run(machine, on: clock)
        defer { runLoop.cancel() }
        machine.handle(.go)
        await clock.advance(by: .seconds(1))
        machine.handle(.back)
        #expect(machine.pendingDelayedEventCount == 0)
        // Re-entering starts a fresh timer.
        machine.handle(.go)
        await clock.advance(by: .seconds(1))
        #expect(machine.state.isActive(.busy))
        await clock.advance(by: .seconds(1))
        #expect(machine.state.isActive(.idle))
    }

    @Test func delayedSendsArriveInTimeOrderAndCancelByIdentifier() async throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEntry { _, scope in
                    scope.send(.foo, after: .seconds(3))
                    scope.send(.bar, after: .seconds(1))
                    scope.send(.tick, after: .seconds(2), id: "tick")
                }
                OnEvent(.foo, action: say("foo"))
                OnEvent(.bar, action: say("bar"))
                OnEvent(.tick, action: say("tick"))
                OnEvent(.go, action: { _, scope in scope.cancel(id: "tick") })
            }
        }
        let clock = ManualClock()
        let machine = StateMachine(chart: chart)
        let runLoop = await Self.run(machine, on: clock)
        defer { runLoop.cancel() }
        #expect(machine.pendingDelayedEventCount == 3)
        machine.handle(.go)
        await clock.advance(by: .seconds(5))
        #expect(machine.state.context.entries == ["bar", "foo"])
        #expect(clock.now == ManualClock.Instant(offset: .seconds(5)))
    }

    @Test func delayedSendSurvivesLeavingTheStateThatSentIt() async throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEntry { _, scope in scope.send(.foo, after: .seconds(1)) }
                OnEvent(.go, target: .b)
            }
            ChartState(.b) { OnEvent(.foo, action: say("foo in b")) }
        }
        let clock = ManualClock()
        let machine = StateMachine(chart: chart)
        let runLoop = await Self.run(machine, on: clock)
        defer { runLoop.cancel() }
        machine.handle(.go)
        await clock.advance(by: .seconds(1))
        #expect(machine.state.context.entries == ["foo in b"])
    }

    @Test func finishingTheChartCancelsEveryDelayedEvent() async throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEntry { _, scope in scope.send(.foo, after: .seconds(1), id: "foo") }
                OnEvent(.go, target: .done)
            }
            FinalState(.done)
        }
        let clock = ManualClock()
        let machine = StateMachine(chart: chart)
        let runLoop = await Self.run(machine, on: clock)
        defer { runLoop.cancel() }
        machine.handle(.go)
        #expect(machine.state.isFinished)
        #expect(machine.pendingDelayedEventCount == 0)
    }

    @Test func pureStepRecordsDelayedSendsAsEffects() throws {
        let chart = try Self.makeChart()
        let busy = try chart.run(chart.start(), .go)
        let effects = busy.lastMacrostep.effects
        #expect(effects.count == 1)
        guard case .send(let event, let delay, let id)? = effects.first else {
            Issue.record("expected a send effect")
            return
        }
        #expect(event == .timeout)
        #expect(delay == .seconds(2))
        #expect(id != nil)
        let idle = try chart.run(busy, .back)
        guard case .cancel(let cancelled)? = idle.lastMacrostep.effects.first else {
            Issue.record("expected a cancel effect")
            return
        }
        #expect(cancelled == id)
    }
}
