import Statecraft
import Testing

/// The chart DSL: control flow in the builder, raw elements, signal names for run-time matchers.
@Suite("Chart builder")
struct ChartBuilderTests {
    static func makeChart(withPause: Bool, extraStates: [S]) throws -> TestChart {
        try TestChart(initial: .idle, context: Log()) {
            ChartState(.idle) {
                OnEvent(.play, target: .playing)
                if withPause {
                    OnEvent(.ff, target: .fast)
                }
            }
            ChartState(.playing)
            if withPause {
                ChartState(.fast)
            } else {
                ChartState(.stopped)
            }
            for state in extraStates {
                ChartState(state)
            }
            ChartElement.final(.done)
        }
    }

    @Test func ifElseAndForBuildTheMatchingStates() throws {
        let with = try Self.makeChart(withPause: true, extraStates: [.x, .y])
        #expect(with.states == [.idle, .playing, .fast, .x, .y, .done])
        #expect(try with.run(with.start(), .ff).configuration == [.fast])
        let without = try Self.makeChart(withPause: false, extraStates: [])
        #expect(without.states == [.idle, .playing, .stopped, .done])
        #expect(without.step(without.start(), on: .ff) == nil)
    }

    @Test func signalNamesFollowSCXML() {
        let event = ChartSignal<S, String>.event("media.play")
        #expect(event.name(eventName: { $0 }) == "media.play")
        #expect(ChartSignal<S, String>.done(.p).name(eventName: { $0 }) == "done.state.p")
        let error = ChartExecutionError(state: "a", phase: .entry, underlying: ChartTestFailure())
        #expect(ChartSignal<S, String>.error(error).name(eventName: { $0 }) == "error.execution")
        #expect(event.event == "media.play")
        #expect(ChartSignal<S, String>.done(.p).event == nil)
    }

    @Test func triggersCarryTheirLabels() {
        #expect(ChartTrigger<S, E>.event(.play).label == "play")
        #expect(ChartTrigger<S, E>.done(.p).label == "done.state.p")
        #expect(ChartTrigger<S, E>.error.label == "error.execution")
        #expect(ChartTrigger<S, E>.matching(label: "volume") { _ in true }.matches(.event(.volume(1))))
        #expect(!ChartTrigger<S, E>.matching(label: "volume") { _ in true }.matches(.done(.p)))
    }
}
