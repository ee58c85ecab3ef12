import Statecraft
import Testing

/// Document order decides which transition wins and in which order contents run (SCXML 1.0 §3.13,
/// §D.2 `selectTransitions`, `executeTransitionContent`).
@Suite("Chart document order")
struct DocumentOrderTests {
    @Test func firstEnabledTransitionInDocumentOrderWins() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(.e, target: .b, when: { log, _ in log.count > 0 })
                OnEvent(.e, target: .c)
                OnEvent(.e, target: .d)
            }
            ChartState(.b)
            ChartState(.c)
            ChartState(.d)
        }
        #expect(try chart.run(chart.start(), .e).configuration == [.c])
        #expect(try chart.run(chart.start(context: Log(count: 1)), .e).configuration == [.b])
    }

    @Test func guardsAreEvaluatedOnlyUntilOneHolds() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(.e, target: .b, when: { _, _ in true })
                OnEvent(.e, target: .c, when: { _, _ in throw ChartTestFailure() })
            }
            ChartState(.b)
            ChartState(.c)
        }
        let next = try chart.run(chart.start(), .e)
        #expect(next.configuration == [.b])
        #expect(next.lastMacrostep.errors.isEmpty)
    }

    @Test func transitionContentsRunInTheOrderOfTheRegionsThatSelectedThem() throws {
        let chart = try TestChart(initial: .p, context: Log()) {
            ParallelState(.p) {
                ChartState(.r1, initial: .r1a) {
                    ChartState(.r1a) { OnEvent(.e, action: say("r1")) }
                }
                ChartState(.r2, initial: .r2a) {
                    ChartState(.r2a) { OnEvent(.e, action: say("r2")) }
                }
                ChartState(.x, initial: .y) {
                    ChartState(.y) { OnEvent(.e, action: say("x")) }
                }
            }
        }
        let next = try chart.run(chart.start(), .e)
        #expect(next.context.entries == ["r1", "r2", "x"])
        #expect(next.lastMacrostep.microsteps.map(\.transitions) == [["e", "e", "e"]])
    }

    @Test func actionsRunExitsThenTransitionThenEntries() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a, initial: .a1) {
                logExit(.a)
                ChartState(.a1) {
                    logExit(.a1)
                    OnEvent(.go, target: .b2, action: say("transition"))
                }
            }
            ChartState(.b, initial: .b1) {
                logEntry(.b)
                ChartState(.b1) { logEntry(.b1) }
                ChartState(.b2) { logEntry(.b2) }
            }
        }
        let next = try chart.run(chart.start(), .go)
        #expect(next.context.entries == ["exit a1", "exit a", "transition", "enter b", "enter b2"])
    }
}
