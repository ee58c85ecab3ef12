import Statecraft
import Testing

/// Final states: `done.state.<parent>` for a compound parent, `done.state.<parallel>` once every
/// region is in a final state, and a top-level final state that halts the chart (SCXML 1.0 §3.7.1,
/// §D.2 `enterStates`, `isInFinalState`, `exitInterpreter`).
@Suite("Chart final states and done events")
struct FinalStateTests {
    @Test func reachingAFinalChildRaisesDoneForItsParent() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a, initial: .a1) {
                OnDone(.a, target: .b, action: say("done.state.a"))
                ChartState(.a1) { OnEvent(.go, target: .done) }
                FinalState(.done) { logEntry(.done) }
            }
            ChartState(.b)
        }
        let next = try chart.run(chart.start(), .go)
        #expect(next.lastMacrostep.microsteps.map(\.transitions) == [["go"], ["done.state.a"]])
        #expect(next.lastMacrostep.microsteps.map(\.exited) == [[.a1], [.done, .a]])
        #expect(next.lastMacrostep.microsteps.map(\.entered) == [[.done], [.b]])
        #expect(next.context.entries == ["enter done", "done.state.a"])
        #expect(!next.isFinished)
    }

    @Test func parallelIsDoneOnlyWhenEveryRegionIs() throws {
        let chart = try TestChart(initial: .p, context: Log()) {
            ParallelState(.p) {
                OnDone(.p, target: .x)
                ChartState(.r1, initial: .r1a) {
                    OnDone(.r1, action: say("done.state.r1"))
                    ChartState(.r1a) { OnEvent(.e, target: .r1f) }
                    FinalState(.r1f)
                }
                ChartState(.r2, initial: .r2a) {
                    OnDone(.r2, action: say("done.state.r2"))
                    ChartState(.r2a) { OnEvent(.f, target: .r2f) }
                    FinalState(.r2f)
                }
            }
            ChartState(.x)
        }
        let first = try chart.run(chart.start(), .e)
        #expect(first.context.entries == ["done.state.r1"])
        #expect(first.isActive(.p) && first.isActive(.r1f))
        let second = try chart.run(first, .f)
        // done.state.r2 is queued before done.state.p: the parallel state completes when r2f is entered.
        #expect(second.context.entries == ["done.state.r1", "done.state.r2"])
        #expect(second.lastMacrostep.microsteps.map(\.transitions) == [["f"], ["done.state.r2"], ["done.state.p"]])
        #expect(second.lastMacrostep.exited == [.r2a, .r2f, .r2, .r1f, .r1, .p])
        #expect(second.lastMacrostep.entered == [.r2f, .x])
    }

    @Test func enteringFinalStatesOfEveryRegionAtOnceRaisesEachDoneThenTheParallels() throws {
        let chart = try TestChart(initial: .out, context: Log()) {
            ChartState(.out) { OnEvent(.event(E.go), targets: [.r1f, .r2f]) }
            ParallelState(.p) {
                OnDone(.p, target: .x, action: say("done.state.p"))
                ChartState(.r1, initial: .r1a) {
                    OnDone(.r1, action: say("done.state.r1"))
                    ChartState(.r1a)
                    FinalState(.r1f)
                }
                ChartState(.r2, initial: .r2a) {
                    OnDone(.r2, action: say("done.state.r2"))
                    ChartState(.r2a)
                    FinalState(.r2f)
                }
            }
            ChartState(.x)
        }
        let next = try chart.run(chart.start(), .go)
        #expect(next.context.entries == ["done.state.r1", "done.state.r2", "done.state.p"])
        #expect(next.configuration == [.x])
    }

    @Test func topLevelFinalStateHaltsTheChart() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a, initial: .a1) {
                logExit(.a)
                ChartState(.a1) {
                    logExit(.a1)
                    OnEvent(.go, target: .done)
                }
            }
            FinalState(.done) {
                logEntry(.done)
                logExit(.done)
            }
        }
        let finished = try chart.run(chart.start(), .go)
        #expect(finished.isFinished)
        #expect(finished.finalState == .done)
        // SCXML's exitInterpreter exits the final configuration as the chart halts.
        #expect(finished.lastMacrostep.microsteps.map(\.transitions) == [["go"], ["halt"]])
        #expect(finished.lastMacrostep.microsteps.last?.exited == [.done])
        // The configuration the chart finished in stays visible after the halt's exits.
        #expect(finished.configuration == [.done])
        #expect(finished.atomicStates == [.done])
        #expect(finished.isActive(.done) && !finished.isActive(.a))
        #expect(finished.context.entries == ["exit a1", "exit a", "enter done", "exit done"])
        #expect(chart.step(finished, on: .go) == nil)
    }

    @Test func chartCanFinishWhileStarting() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) { Always(target: .done) }
            FinalState(.done)
        }
        let started = chart.start()
        #expect(started.isFinished)
        #expect(started.lastMacrostep.entered == [.a, .done])
        #expect(started.lastMacrostep.exited == [.a, .done])
    }
}

/// A finished machine shows the state it finished in — to its observers, in its snapshot and after a
/// restore — while SCXML's halt still exits every state first.
@MainActor
@Suite("A finished chart's configuration")
struct FinishedConfigurationTests {
    enum Order: String, Hashable, Sendable, Codable { case open, paying, shipped }
    enum OrderEvent: String, Hashable, Sendable, Codable { case pay, ship }

    static func chart() throws -> Statechart<Order, OrderEvent, Int> {
        try Statechart(initial: .open, context: 0) {
            ChartState(.open) { OnEvent(.pay, target: .paying) }
            ChartState(.paying) { OnEvent(.ship, target: .shipped) }
            FinalState(.shipped) { OnExit { count, _ in count += 1 } }
        }
    }

    @Test func observersSeeTheFinalStateAfterTheLastEvent() throws {
        let machine = StateMachine(chart: try Self.chart())
        var lines: [String] = []
        machine.didTransition = { old, event, new in
            lines.append("\(old.configuration.map(\.rawValue)) --\(event)--> \(new.configuration.map(\.rawValue))")
        }
        machine.handle(.pay)
        machine.handle(.ship)
        #expect(lines == [#"["open"] --pay--> ["paying"]"#, #"["paying"] --ship--> ["shipped"]"#])
        #expect(machine.state.isFinished)
        #expect(machine.state.configuration == [.shipped])
        #expect(machine.state.atomicStates == [.shipped])
        #expect(machine.state.finalState == .shipped)
        // The halt exited `shipped`: its exit action ran (SCXML 1.0 Appendix D, exitInterpreter).
        #expect(machine.state.context == 1)
        #expect(machine.state.lastMacrostep.microsteps.last?.exited == [.shipped])
    }

    @Test func aRestoredFinishedMachineShowsTheSameConfiguration() throws {
        let chart = try Self.chart()
        let machine = StateMachine(chart: chart)
        machine.handle(.pay)
        machine.handle(.ship)
        let saved = try machine.snapshot()
        #expect(saved.finalState == .shipped)
        let restored = try StateMachine(chart: chart, restoring: saved)
        #expect(restored.state.isFinished)
        #expect(restored.state.configuration == [.shipped])
        #expect(!restored.handle(.pay))
    }
}
