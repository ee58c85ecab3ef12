import Statecraft
import Testing

/// Eventless transitions: taken as soon as their guard holds, each in its own microstep, before any
/// internal event, until the chart settles (SCXML 1.0 §3.13, §D.2 `mainEventLoop`,
/// `selectEventlessTransitions`).
@Suite("Chart eventless transitions")
struct EventlessTests {
    @Test func chainOfEventlessTransitionsRunsToCompletionInOneMacrostep() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) { OnEvent(.go, target: .b) }
            ChartState(.b) { Always(target: .c) }
            ChartState(.c) { Always(target: .d) }
            ChartState(.d)
        }
        let next = try chart.run(chart.start(), .go)
        #expect(next.lastMacrostep.microsteps.map(\.exited) == [[.a], [.b], [.c]])
        #expect(next.lastMacrostep.microsteps.map(\.entered) == [[.b], [.c], [.d]])
        #expect(next.lastMacrostep.microsteps.map(\.transitions) == [["go"], ["eventless"], ["eventless"]])
        #expect(next.configuration == [.d])
    }

    @Test func guardedTargetlessLoopRunsUntilItsGuardFails() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                Always(when: { log, _ in log.count < 3 }, action: { log, _ in log.count += 1 })
                Always(target: .b, when: { log, _ in log.count == 3 })
            }
            ChartState(.b)
        }
        let started = chart.start()
        #expect(started.context.count == 3)
        #expect(started.configuration == [.b])
        // The initial entry, three targetless microsteps, then the transition to b.
        #expect(started.lastMacrostep.microsteps.count == 5)
        #expect(started.lastMacrostep.microsteps[1...3].allSatisfy { $0.exited.isEmpty && $0.entered.isEmpty })
    }

    @Test func eventlessTransitionsGoBeforeRaisedEvents() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEntry { _, scope in scope.raise(.foo) }
                OnEvent(.foo, target: .c)
                Always(target: .b)
            }
            ChartState(.b) { OnEvent(.foo, target: .d) }
            ChartState(.c)
            ChartState(.d)
        }
        let started = chart.start()
        // a's eventless transition is taken before `foo` is dequeued; b then handles `foo`.
        #expect(started.configuration == [.d])
        #expect(started.lastMacrostep.microsteps.map(\.transitions) == [["initial"], ["eventless"], ["foo"]])
    }

    @Test func eventlessGuardsSeeTheContextActionsWrote() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(.tick, action: { log, _ in log.count += 1 })
                Always(target: .b, when: { log, _ in log.count >= 2 })
            }
            ChartState(.b)
        }
        let once = try chart.run(chart.start(), .tick)
        #expect(once.configuration == [.a])
        let twice = try chart.run(once, .tick)
        #expect(twice.configuration == [.b])
        #expect(twice.lastMacrostep.microsteps.map(\.transitions) == [["tick"], ["eventless"]])
    }

    @Test func chartThatNeverSettlesStopsAtTheBound() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) { Always(target: .b) }
            ChartState(.b) { Always(target: .a) }
        }
        let started = chart.start()
        #expect(started.lastMacrostep.loopError != nil)
        #expect(started.lastMacrostep.microsteps.count == TestChart.State.macrostepBound)
    }
}
