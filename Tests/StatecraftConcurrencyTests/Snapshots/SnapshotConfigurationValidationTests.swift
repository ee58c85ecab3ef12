import Foundation
import Statecraft
import Testing

/// A snapshot is input: restoring refuses a configuration, final state or history value the chart cannot be
/// in (SCXML 1.0 §3.11), and a time that does not fit, with an error naming each problem — instead of
/// stopping the program at the next microstep or exiting states that were never entered.
@MainActor
@Suite("Snapshot configuration validation")
struct SnapshotConfigurationValidationTests {
    typealias Chart = Statechart<String, String, Int>

    /// `main` (compound: `a`, `b`, history `h`), `both` (parallel: regions `left`, `right`), final `done`.
    static func chart() throws -> Chart {
        try Chart(
            initial: ["main"], context: 0,
            elements: [
                .state(
                    "main", initial: ["a"],
                    children: [
                        .history("h", depth: .shallow),
                        .state("a", children: [.transition(on: .event("next"), targets: ["b"])]),
                        .state("b", children: [.transition(on: .event("split"), targets: ["both"])]),
                    ]),
                .parallel(
                    "both",
                    children: [
                        .state("left", children: [.transition(on: .event("end"), targets: ["done"])]),
                        .state("right"),
                    ]),
                .final("done"),
            ])
    }

    static func saved(configuration: [String]) throws -> StatechartSnapshot<String, String, Int> {
        var saved = try StateMachine(chart: try chart()).snapshot()
        saved.configuration = configuration
        return saved
    }

    static func restoreError(_ saved: StatechartSnapshot<String, String, Int>) throws -> [String] {
        let chart = try chart()
        do throws(SnapshotError) {
            _ = try StateMachine(chart: chart, restoring: saved)
            return []
        } catch {
            guard case .illegalConfiguration(let problems) = error else {
                Issue.record("unexpected error \(error)")
                return []
            }
            #expect(error.description.hasPrefix("the snapshot's configuration is not legal: "))
            return problems
        }
    }

    @Test func aLegalSnapshotIsRestored() throws {
        let machine = StateMachine(chart: try Self.chart())
        machine.send("next")
        machine.send("split")
        let restored = try StateMachine(chart: try Self.chart(), restoring: try machine.snapshot())
        #expect(restored.state.configuration == ["both", "left", "right"])
    }

    @Test func anAtomicStateWithoutItsParentIsRefused() throws {
        #expect(
            try Self.restoreError(try Self.saved(configuration: ["a"]))
                == ["'a' is active but its parent 'main' is not", "the chart has 0 active top-level states"])
    }

    @Test func aCompoundStateWithTwoActiveChildrenIsRefused() throws {
        let problems = try Self.restoreError(try Self.saved(configuration: ["main", "a", "b"]))
        #expect(problems == ["compound state 'main' has 2 active children"])
    }

    @Test func aParallelStateMissingARegionIsRefused() throws {
        let problems = try Self.restoreError(try Self.saved(configuration: ["both", "left"]))
        #expect(problems == ["region 'right' of active parallel state 'both' is not active"])
    }

    @Test func anActiveHistoryStateOrTwoTopLevelStatesAreRefused() throws {
        #expect(
            try Self.restoreError(try Self.saved(configuration: ["main", "a", "h"])).contains(
                "history state 'h' is active"))
        #expect(
            try Self.restoreError(try Self.saved(configuration: ["main", "a", "done"]))
                == ["the chart has 2 active top-level states"])
        #expect(try Self.restoreError(try Self.saved(configuration: [])) == ["the chart has 0 active top-level states"])
    }

    @Test func aFinalStateThatIsNotTopLevelIsRefused() throws {
        var saved = try Self.saved(configuration: [])
        saved.finalState = "a"
        #expect(try Self.restoreError(saved) == ["the final state 'a' is not a top-level final state"])
    }

    @Test func aHistoryValueNoExitCouldRecordIsRefused() throws {
        var saved = try Self.saved(configuration: ["main", "a"])
        saved.histories = [.init(history: "h", states: ["left"])]
        #expect(try Self.restoreError(saved) == ["history 'h' records 'left', which is not a child of 'main'"])
        saved.histories = [.init(history: "h", states: ["a", "b"])]
        #expect(try Self.restoreError(saved) == ["history 'h' records 2 children of compound state 'main'"])
        saved.histories = [.init(history: "h", states: [])]
        #expect(try Self.restoreError(saved) == ["history 'h' records no state"])
        saved.histories = [.init(history: "h", states: ["b"])]
        #expect(try Self.restoreError(saved) == [])
    }

    @Test func aNegativeRemainingTimeIsRefused() throws {
        var saved = try Self.saved(configuration: ["main", "a"])
        saved.delayedEvents = [.init(event: "next", id: nil, remaining: .seconds(-1))]
        #expect(
            throws: SnapshotError.timeOutOfRange("the remaining time of delayed event 1 (-1000000000 ns, negative)")
        ) {
            try StateMachine(chart: try Self.chart(), restoring: saved)
        }
    }

    @Test func aDelayLongerThanASnapshotHoldsIsRefusedWhenSaving() throws {
        let machine = StateMachine(chart: try Self.chart())
        machine.send("next", after: .seconds(10_000_000_000))
        #expect(throws: SnapshotError.self) { try machine.snapshot() }
        // The initialiser that cannot throw holds the time at the largest value instead of trapping.
        let held = StatechartSnapshot<String, String, Int>.DelayedEvent(
            event: "next", id: nil, remaining: .seconds(10_000_000_000))
        #expect(held.remainingNanoseconds == .max)
    }
}
