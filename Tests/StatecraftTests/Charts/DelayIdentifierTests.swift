import Statecraft
import Testing

/// The identifiers of `AfterDelay` timers: what traces, `cancelDelayedEvent(id:)` and the test store's
/// messages name. They come from the state and the event, or from `id:`, never from positions in the chart.
@Suite("Delayed-transition identifiers")
struct DelayIdentifierTests {
    /// The ids of the delayed events the chart sends when it enters `busy` from `idle` on `go`.
    static func sentIDs(_ chart: TestChart) throws -> [String?] {
        let entered = try chart.run(chart.start(), .go)
        return entered.lastMacrostep.effects.compactMap { effect in
            if case .send(_, _, let id) = effect { return id }
            return nil
        }
    }

    static func chart(withStateBefore: Bool) throws -> TestChart {
        try TestChart(initial: .idle, context: Log()) {
            if withStateBefore {
                ChartState(.a, initial: .a1) {
                    ChartState(.a1) { AfterDelay(.seconds(1), send: .tick) }
                    ChartState(.a2)
                }
            }
            ChartState(.idle) { OnEvent(.go, target: .busy) }
            ChartState(.busy) {
                AfterDelay(.seconds(2), send: .timeout, target: .idle)
                OnEvent(.back, target: .idle)
            }
        }
    }

    @Test func aDerivedIDNamesTheStateAndTheEvent() throws {
        #expect(try Self.sentIDs(Self.chart(withStateBefore: false)) == ["statecraft.after.busy.timeout"])
    }

    @Test func anUnrelatedStateAddedBeforeLeavesTheIDAlone() throws {
        let before = try Self.sentIDs(Self.chart(withStateBefore: false))
        let after = try Self.sentIDs(Self.chart(withStateBefore: true))
        #expect(before == after)
        // The description carries the same id.
        let description = try Self.chart(withStateBefore: true).machineDescription()
        let delayed = description.transitions.first { $0.source == "busy" && $0.event == "timeout" }
        #expect(delayed?.delayID == "statecraft.after.busy.timeout")
        #expect(delayed?.delay == .seconds(2))
    }

    @Test func aGivenIDIsUsedVerbatimAndCancelledOnExit() throws {
        let chart = try TestChart(initial: .idle, context: Log()) {
            ChartState(.idle) { OnEvent(.go, target: .busy) }
            ChartState(.busy) {
                AfterDelay(.seconds(2), send: .timeout, id: "checkout timer", target: .idle)
                OnEvent(.back, target: .idle)
            }
        }
        #expect(try Self.sentIDs(chart) == ["checkout timer"])
        let left = try chart.run(chart.run(chart.start(), .go), .back)
        let cancelled = left.lastMacrostep.effects.compactMap { effect in
            if case .cancel(let id) = effect { return id }
            return nil
        }
        #expect(cancelled == ["checkout timer"])
    }

    @Test func twoDelaysOnOneEventInOneStateGetDistinctIDsInDocumentOrder() throws {
        let chart = try TestChart(initial: .idle, context: Log()) {
            ChartState(.idle) { OnEvent(.go, target: .busy) }
            ChartState(.busy) {
                AfterDelay(.seconds(2), send: .timeout, target: .idle)
                AfterDelay(.seconds(5), send: .timeout, target: .done)
                AfterDelay(.seconds(9), send: .timeout, target: .fail)
            }
            ChartState(.done)
            ChartState(.fail)
        }
        let ids = try Self.sentIDs(chart)
        #expect(
            ids == [
                "statecraft.after.busy.timeout", "statecraft.after.busy.timeout.2", "statecraft.after.busy.timeout.3",
            ])
        #expect(try Self.sentIDs(chart) == ids)
    }

    @Test func aDerivedIDDoesNotTakeAGivenOne() throws {
        let chart = try TestChart(initial: .idle, context: Log()) {
            ChartState(.idle) {
                OnEvent(.go, target: .busy)
                AfterDelay(.seconds(1), send: .tick, id: "statecraft.after.busy.timeout")
            }
            ChartState(.busy) { AfterDelay(.seconds(2), send: .timeout, target: .idle) }
        }
        #expect(try Self.sentIDs(chart) == ["statecraft.after.busy.timeout.2"])
    }

    @Test func twoDelaysGivenOneIDAreRejectedNamingTheState() {
        #expect(throws: ChartError<S>.duplicateDelayID("timer", state: .busy)) {
            try TestChart(initial: .idle, context: Log()) {
                ChartState(.idle) { AfterDelay(.seconds(1), send: .tick, id: "timer") }
                ChartState(.busy) { AfterDelay(.seconds(2), send: .timeout, id: "timer") }
            }
        }
        #expect(
            ChartError<S>.duplicateDelayID("timer", state: .busy).description
                == "the delayed transition of state 'busy' uses the timer id 'timer' that another delayed transition uses"
        )
    }
}
