import Statecraft
import Testing

/// A macrostep is bounded: every microstep and every internal event processed counts toward
/// ``ChartSnapshot/macrostepBound``, and a chart that reaches it stops with a ``ChartLoopError`` that
/// the snapshot, ``StateMachine/send(_:)`` and observers report.
///
/// Before the bound counted internal events, the first test never returned.
@Suite("Chart macrostep bound")
struct MacrostepBoundTests {
    struct Boom: Error {}

    /// An `OnError` transition whose guard throws: each throw raises another `error.execution`, which
    /// enables nothing, and no microstep is ever taken.
    static func throwingErrorGuardChart() throws -> TestChart {
        try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(.go, action: { _, _ in throw Boom() })
                OnError(target: .b, when: { _, _ in throw Boom() })
            }
            ChartState(.b)
        }
    }

    @Test func aGuardThrowingOnEveryErrorStopsAtTheBound() throws {
        let chart = try Self.throwingErrorGuardChart()
        let next = try #require(chart.step(chart.start(), on: .go))
        let loop = try #require(next.lastMacrostep.loopError)
        #expect(loop.bound == TestChart.State.macrostepBound)
        #expect(next.configuration == [.a])
        #expect(!next.lastMacrostep.changedConfiguration)
        #expect(next.lastMacrostep.microstepCount == 1)
        // The loop is one `error.execution` that no transition takes, raised by a's guard.
        #expect(loop.loop == ["error.execution (guard of 'a' threw) enabled no transition"])
        #expect(loop.description.contains("guard of 'a' threw"))
    }

    @Test func eventlessLoopsStopAtTheBoundAndNameTheirStates() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) { Always(target: .b) }
            ChartState(.b) { Always(target: .a) }
        }
        let started = chart.start()
        let loop = try #require(started.lastMacrostep.loopError)
        #expect(started.lastMacrostep.microstepCount == TestChart.State.macrostepBound)
        #expect(started.lastMacrostep.microsteps.count == TestChart.State.macrostepBound)
        #expect(
            loop.loop == ["b -> a (eventless)", "a -> b (eventless)"]
                || loop.loop == ["a -> b (eventless)", "b -> a (eventless)"])
        #expect(loop.description.contains("a -> b (eventless)"))
    }

    @Test func raiseLoopsStopAtTheBound() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(.go, action: { _, scope in scope.raise(.foo) })
                OnEvent(
                    .foo,
                    action: { log, scope in
                        log.count += 1
                        scope.raise(.foo)
                    })
            }
        }
        for tracing in [true, false] {
            let traced = chart.tracing(tracing)
            let next = try #require(traced.step(traced.start(), on: .go))
            let loop = try #require(next.lastMacrostep.loopError, "tracing \(tracing)")
            #expect(loop.loop == ["a (targetless, on foo)"])
            #expect(next.context.count == TestChart.State.macrostepBound - 1)
        }
    }

    @Test func aChartThatSettlesReportsNoLoop() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(.go, action: { _, scope in scope.raise(.foo) })
                OnEvent(.foo, target: .b)
            }
            ChartState(.b)
        }
        let next = try #require(chart.step(chart.start(), on: .go))
        #expect(next.lastMacrostep.loopError == nil)
        #expect(next.configuration == [.b])
    }

    @Test func sendReportsTheLoopAndObserversSeeIt() throws {
        let chart = try Self.throwingErrorGuardChart()
        let machine = StateMachine(chart: chart)
        var observed: [ChartLoopError?] = []
        machine.addObserver { _, _, new in observed.append(new.lastMacrostep.loopError) }
        let outcome = machine.send(.go)
        guard case .unsettled(let loop) = outcome else {
            Issue.record("expected .unsettled, got \(outcome)")
            return
        }
        #expect(loop.loop == ["error.execution (guard of 'a' threw) enabled no transition"])
        #expect(observed == [loop])
        #expect(machine.handle(.go))
    }

    @Test func sendReportsTheLoopWithoutObservers() throws {
        let chart = try Self.throwingErrorGuardChart().tracing(false)
        let machine = StateMachine(chart: chart)
        guard case .unsettled = machine.send(.go) else {
            Issue.record("expected .unsettled")
            return
        }
        #expect(machine.state.isActive(.a))
    }
}

/// A chart sets its own bound with `macrostepBound(_:)`: lower to report a loop sooner, higher to let a
/// chart that takes more than the default number of steps settle.
@Suite("Chart macrostep bound, per chart")
struct ChartMacrostepBoundSettingTests {
    /// A chart that raises `foo` to itself `steps` times before it settles in `b`.
    static func countingChart(steps: Int) throws -> TestChart {
        try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(.go, action: { _, scope in scope.raise(.foo) })
                OnEvent(.foo, target: .b, when: { log, _ in log.count >= steps })
                OnEvent(
                    .foo,
                    action: { log, scope in
                        log.count += 1
                        scope.raise(.foo)
                    })
            }
            ChartState(.b)
        }
    }

    @Test func theDefaultIsTheSnapshotsBound() throws {
        let chart = try Self.countingChart(steps: 1)
        #expect(chart.macrostepBound == TestChart.State.macrostepBound)
        #expect(chart.macrostepBound == 10_000)
    }

    @Test func aLowerBoundStopsALoopThere() throws {
        let chart = try Self.countingChart(steps: 1_000).macrostepBound(50)
        let next = try #require(chart.step(chart.start(), on: .go))
        let loop = try #require(next.lastMacrostep.loopError)
        #expect(loop.bound == 50)
        #expect(next.configuration == [.a])
        #expect(next.context.count == 49)
    }

    @Test func aHigherBoundLetsALongMacrostepSettle() throws {
        let steps = 15_000
        let defaultBound = try Self.countingChart(steps: steps)
        let stopped = try #require(defaultBound.step(defaultBound.start(), on: .go))
        #expect(stopped.lastMacrostep.loopError?.bound == 10_000)

        let raised = defaultBound.macrostepBound(20_000)
        let settled = try #require(raised.step(raised.start(), on: .go))
        #expect(settled.lastMacrostep.loopError == nil)
        #expect(settled.configuration == [.b])
        #expect(settled.context.count == steps)
    }

    @Test func aMachineReportsTheChartsBound() throws {
        let machine = StateMachine(chart: try Self.countingChart(steps: 1_000).macrostepBound(30))
        guard case .unsettled(let loop) = machine.send(.go) else {
            Issue.record("expected the macrostep to stop at the bound")
            return
        }
        #expect(loop.bound == 30)
    }
}
