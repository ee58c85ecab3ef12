import Statecraft
import Testing

/// Invalid charts are rejected when built, with an error naming the state.
@Suite("Chart validation")
struct ChartValidationTests {
    func buildError(_ build: () throws -> TestChart) -> ChartError<S>? {
        do {
            _ = try build()
            return nil
        } catch {
            return error as? ChartError<S>
        }
    }

    @Test func duplicateIdentifier() {
        let error = buildError {
            try TestChart(initial: .a, context: Log()) {
                ChartState(.a, initial: .b) { ChartState(.b) }
                ChartState(.b)
            }
        }
        #expect(error == .duplicateState(.b))
        #expect(error?.description == "state 'b' is defined more than once")
    }

    @Test func unknownTarget() {
        let error = buildError {
            try TestChart(initial: .a, context: Log()) {
                ChartState(.a) { OnEvent(.go, target: .x) }
            }
        }
        #expect(error == .unknownTarget(source: .a, target: .x))
        #expect(error?.description == "a transition of state 'a' targets unknown state 'x'")
    }

    @Test func unknownInitialStateOfTheChart() {
        let error = buildError {
            try TestChart(initial: .x, context: Log()) { ChartState(.a) }
        }
        #expect(error == .unknownTarget(source: nil, target: .x))
    }

    @Test func missingInitialChild() {
        let error = buildError {
            try TestChart(initial: .a, context: Log()) {
                ChartState(.a) {
                    ChartState(.a1)
                    ChartState(.a2)
                }
            }
        }
        #expect(error == .missingInitialChild(.a))
        #expect(error?.description.contains("'a'") == true)
    }

    @Test func initialChildThatIsNotADescendant() {
        let error = buildError {
            try TestChart(initial: .a, context: Log()) {
                ChartState(.a, initial: .b) { ChartState(.a1) }
                ChartState(.b)
            }
        }
        #expect(error == .invalidInitialChild(state: .a, target: .b))
        #expect(error?.description == "the initial target 'b' of state 'a' is not a descendant of it")
    }

    @Test func initialChildOnAnAtomicState() {
        let error = buildError {
            try TestChart(initial: .a, context: Log()) {
                ChartState(.a, initial: .b)
                ChartState(.b)
            }
        }
        #expect(error == .initialOnAtomicState(.a))
    }

    @Test func historyAtTheTopLevel() {
        let error = buildError {
            try TestChart(initial: .a, context: Log()) {
                ChartState(.a)
                HistoryState(.hist)
            }
        }
        #expect(error == .misplacedHistory(.hist))
        #expect(error?.description == "history state 'hist' must be the child of a compound or parallel state")
    }

    @Test func historyInAnAtomicState() {
        let error = buildError {
            try TestChart(initial: .a, context: Log()) {
                ChartState(.a) { HistoryState(.hist) }
            }
        }
        #expect(error == .misplacedHistory(.hist))
    }

    @Test func historyDefaultOutsideItsParent() {
        let error = buildError {
            try TestChart(initial: .a, context: Log()) {
                ChartState(.a, initial: .a1) {
                    HistoryState(.hist, default: .b)
                    ChartState(.a1)
                }
                ChartState(.b)
            }
        }
        #expect(error == .invalidHistoryDefault(history: .hist, target: .b))
    }

    @Test func finalStateWithChildren() {
        let error = buildError {
            try TestChart(initial: .done, context: Log()) {
                FinalState(.done) { ChartState(.a) }
            }
        }
        #expect(error == .invalidFinalContent(.done))
        let transitionError = buildError {
            try TestChart(initial: .done, context: Log()) {
                FinalState(.done) { OnEvent(.go, target: .done) }
            }
        }
        #expect(transitionError == .invalidFinalContent(.done))
    }

    @Test func finalStateAsARegionOfAParallelState() {
        let error = buildError {
            try TestChart(initial: .p, context: Log()) {
                ParallelState(.p) {
                    ChartState(.r1)
                    FinalState(.done)
                }
            }
        }
        #expect(error == .finalInParallel(.done))
    }

    @Test func transitionOutsideAnyState() {
        let error = buildError {
            try TestChart(initial: .a, context: Log()) {
                ChartState(.a)
                OnEvent(.go, target: .a)
            }
        }
        #expect(error == .contentOutsideState("a transition"))
    }

    @Test func emptyChart() {
        // The initializer's typed throw gives the error's type without a cast.
        do {
            _ = try TestChart(initial: [.a], context: Log(), elements: [])
            Issue.record("an empty chart was accepted")
        } catch {
            #expect(error == .emptyChart)
        }
    }

    @Test func validChartBuilds() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a, initial: .a1) {
                HistoryState(.hist, .deep)
                ChartState(.a1)
            }
        }
        #expect(chart.states == [.a, .hist, .a1])
    }
}
