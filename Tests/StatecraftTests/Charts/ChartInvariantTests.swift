import Testing

@testable import Statecraft

/// ``ChartSnapshot/_invariantViolations``: legal configurations pass, and each broken rule is named.
/// Debug builds check it after every microstep, so every chart test also runs it.
@Suite("Chart invariants")
struct ChartInvariantTests {
    static func chart() throws -> TestChart {
        try TestChart(initial: .a, context: Log()) {
            ChartState(.a, initial: .a1) {
                OnEvent(.go, target: .p)
                ChartState(.a1)
                ChartState(.a2)
            }
            ParallelState(.p) {
                ChartState(.r1, initial: .r1a) {
                    ChartState(.r1a)
                    ChartState(.r1b)
                }
                ChartState(.r2, initial: .r2a) { ChartState(.r2a) }
            }
        }
    }

    /// The snapshot with the states `ids` active.
    static func snapshot(_ chart: TestChart, active ids: [S]) -> TestChart.State {
        var snapshot = chart.start()
        snapshot.active = ChartStateSet()
        for id in ids { if let index = snapshot.tables.stateIndex[id] { snapshot.active.insert(index) } }
        return snapshot
    }

    @Test func legalConfigurationsHaveNoViolation() throws {
        let chart = try Self.chart()
        let started = chart.start()
        #expect(started._invariantViolations.isEmpty)
        let next = try chart.run(started, .go)
        #expect(next.configuration == [.p, .r1, .r1a, .r2, .r2a])
        #expect(next._invariantViolations.isEmpty)
    }

    @Test func eachBrokenRuleIsNamed() throws {
        let chart = try Self.chart()
        #expect(
            Self.snapshot(chart, active: [.a1])._invariantViolations
                == ["'a1' is active but its parent 'a' is not", "the chart has 0 active top-level states"])
        #expect(
            Self.snapshot(chart, active: [.a, .a1, .a2])._invariantViolations
                == ["compound state 'a' has 2 active children"])
        #expect(
            Self.snapshot(chart, active: [.p, .r1, .r1a])._invariantViolations
                == ["region 'r2' of active parallel state 'p' is not active"])
        #expect(
            Self.snapshot(chart, active: [.a, .a1, .p, .r1, .r1a, .r2, .r2a])._invariantViolations
                == ["the chart has 2 active top-level states"])
    }
}
