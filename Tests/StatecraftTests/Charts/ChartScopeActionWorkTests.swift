import Statecraft
import Testing

/// `ChartScope.actionSteps` and `actionBytes`: a tally the actions of one macrostep share, zero again at the
/// start of every macrostep, whichever way the chart is stepped.
@Suite("Chart scope action work")
struct ChartScopeActionWorkTests {
    /// Each exit and entry action logs the steps counted so far in its macrostep, then counts one more.
    static func makeChart() throws -> TestChart {
        let count: ChartAction<S, E, Log> = { log, scope in
            log.entries.append("\(scope.actionSteps)/\(scope.actionBytes)")
            scope.actionSteps += 1
            scope.actionBytes += 10
        }
        return try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEntry(count)
                OnExit(count)
                OnEvent(.go, target: .b)
            }
            ChartState(.b) {
                OnEntry(count)
                OnExit(count)
                OnEvent(.go, target: .a)
            }
        }
    }

    static let expected = ["0/0"] + Array(repeating: ["0/0", "1/10"], count: 3).joined()

    @Test func everyMacrostepOfASnapshotStartsFromZero() throws {
        let chart = try Self.makeChart()
        var snapshot = chart.start()
        for _ in 0..<3 { snapshot = try chart.run(snapshot, .go) }
        #expect(snapshot.context.entries == Self.expected)
    }

    @Test func everyMacrostepOfAMachineStartsFromZero() throws {
        let machine = StateMachine(chart: try Self.makeChart())
        for _ in 0..<3 { #expect(machine.handle(.go)) }
        #expect(machine.state.context.entries == Self.expected)
    }
}
