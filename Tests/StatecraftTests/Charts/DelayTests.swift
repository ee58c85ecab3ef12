import Statecraft
import Testing

/// Delayed events on a manual clock: `AfterDelay` transitions, sends with delays, cancel by identifier,
/// time order (SCXML 1.0 §6.2, §6.3). Nothing here waits in real time.
@Suite("Chart delayed events")
struct DelayTests {
    static func makeChart() throws -> TestChart {
        try TestChart(initial: .idle, context: Log()) {
            ChartState(.idle) { OnEvent(.go, target: .busy) }
            ChartState(.busy) {
                AfterDelay(.seconds(2), send: .timeout, target: .idle, action: say("timed out"))
                OnEvent(.back, target: .idle)
            }
        }
    }

    @Test func afterTransitionFiresOnceTheDelayHasElapsed() throws {
        let clock = ManualScheduler()
        let machine = StateMachine(chart: try Self.makeChart(), scheduler: clock)
        machine.handle(.go)
        #expect(clock.pendingCount == 1)
        clock.advance(by: .milliseconds(1999))
        #expect(machine.state.isActive(.busy))
        clock.advance(by: .milliseconds(1))
        #expect(machine.state.isActive(.idle))
        #expect(machine.state.context.entries == ["timed out"])
        #expect(clock.pendingCount == 0)
    }

    @Test func leavingTheStateCancelsItsAfterTransition() throws {
        let clock = ManualScheduler()
        let machine = StateMachine(chart: try Self.makeChart(), scheduler: clock)
        machine.handle(.go)
        clock.advance(by: .seconds(1))
        machine.handle(.back)
        #expect(clock.pendingCount == 0)
        #expect(machine.subject.pendingDelayedEventCount == 0)
        // Re-entering starts a fresh timer.
        machine.handle(.go)
        clock.advance(by: .seconds(1))
        #expect(machine.state.isActive(.busy))
        clock.advance(by: .seconds(1))
        #expect(machine.state.isActive(.idle))
    }

    @Test func delayedSendsArriveInTimeOrderAndCancelByIdentifier() throws {
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
        let clock = ManualScheduler()
        let machine = StateMachine(chart: chart, scheduler: clock)
        #expect(clock.pendingCount == 3)
        machine.handle(.go)
        clock.advance(by: .seconds(5))
        #expect(machine.state.context.entries == ["bar", "foo"])
        #expect(clock.now == .seconds(5))
    }

    @Test func delayedSendSurvivesLeavingTheStateThatSentIt() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEntry { _, scope in scope.send(.foo, after: .seconds(1)) }
                OnEvent(.go, target: .b)
            }
            ChartState(.b) { OnEvent(.foo, action: say("foo in b")) }
        }
        let clock = ManualScheduler()
        let machine = StateMachine(chart: chart, scheduler: clock)
        machine.handle(.go)
        clock.advance(by: .seconds(1))
        #expect(machine.state.context.entries == ["foo in b"])
    }

    @Test func finishingTheChartCancelsEveryDelayedEvent() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEntry { _, scope in scope.send(.foo, after: .seconds(1), id: "foo") }
                OnEvent(.go, target: .done)
            }
            FinalState(.done)
        }
        let clock = ManualScheduler()
        let machine = StateMachine(chart: chart, scheduler: clock)
        machine.handle(.go)
        #expect(machine.state.isFinished)
        #expect(clock.pendingCount == 0)
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
