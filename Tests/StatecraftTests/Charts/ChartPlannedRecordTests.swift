import Testing

@testable import Statecraft

/// A traced macrostep that is one planned microstep with nothing else to record is recorded as its plan
/// (`ChartMacrostep.plannedMicrostep`), without emptying or writing the record's box: what it reads must be
/// exactly what the box would hold, whatever an earlier macrostep left in the box, whoever shares it, and
/// whatever the macrostep records after that microstep.
@Suite("Chart planned records")
struct ChartPlannedRecordTests {
    typealias Four = ChartEventCandidatesTests.Four
    struct Failure: Error {}

    /// `one` sends and fails (its record has an effect and an error), `zero` and `two` move between plain
    /// states (recorded as their plans), `three` raises `two` on entry (a planned microstep, then another).
    static func chart() throws -> Statechart<Int, Four, Int> {
        try Statechart(
            initial: [1], context: 0,
            elements: [
                .state(
                    1,
                    children: [
                        .entry { count, _ in count += 1 },
                        .transition(on: .event(.zero), targets: [2]),
                        .transition(
                            on: .event(.one), targets: [2],
                            action: { _, scope in
                                scope.send(.zero, after: .seconds(1), id: "later")
                                throw Failure()
                            }),
                        .transition(on: .event(.three), targets: [3]),
                    ]),
                .state(2, children: [.transition(on: .event(.zero), targets: [1])]),
                .state(
                    3,
                    children: [
                        .entry { _, scope in scope.raise(.two) },
                        .transition(on: .event(.two), targets: [1]),
                    ]),
            ])
    }

    /// What the last macrostep recorded, as a reader sees it.
    static func record(_ snapshot: ChartSnapshot<Int, Four, Int>) -> String {
        let step = snapshot.lastMacrostep
        let microsteps = step.microsteps.map { "\($0.transitions.joined(separator: ",")) \($0.exited) \($0.entered)" }
        return "\(microsteps.joined(separator: "; ")) effects \(step.effects.count) "
            + "errors \(step.errors.count) count \(step.microstepCount) changed \(step.changedConfiguration) "
            + "loop \(step.loopError == nil)"
    }

    static func run(_ chart: Statechart<Int, Four, Int>, _ events: [Four]) -> [String] {
        let machine = StateMachine(chart: chart)
        var held: [ChartSnapshot<Int, Four, Int>] = []
        var records: [String] = []
        for (position, event) in events.enumerated() {
            machine.handle(event)
            records.append(Self.record(machine.state))
            // Every other snapshot is kept, sharing the record's box with the machine for a while.
            if position % 2 == 0 { held.append(machine.state) }
        }
        // The kept snapshots still read what their macrostep recorded.
        records += held.map { Self.record($0) }
        return records
    }

    @Test func aPlannedRecordReadsAsTheBoxWould() throws {
        let chart = try Self.chart()
        let events: [Four] = [.one, .zero, .zero, .one, .zero, .three, .zero, .one, .zero, .three, .two, .zero]
        let planned = Self.run(chart, events)
        let unplanned = Self.run(chart.withoutMicrostepPlans(), events)
        #expect(planned == unplanned)
        // After `one` (an effect and an error in the box), the planned `zero` reads none of them.
        #expect(planned[0].contains("effects 1 errors 1"), "\(planned[0])")
        #expect(planned[1] == "zero [2] [1] effects 0 errors 0 count 1 changed true loop true")
        // `three` records its planned microstep, then the one `two` takes.
        #expect(planned[5].hasPrefix("three [1] [3]; two [3] [1] effects 0 errors 0 count 2"), "\(planned[5])")
    }

    @Test func aPlannedMacrostepIsRecordedAsItsPlan() throws {
        let chart = try Self.chart()
        let machine = StateMachine(chart: chart)
        machine.handle(.zero)
        #expect(machine.state.lastMacrostep.plannedMicrostep >= 0)
        machine.handle(.zero)
        machine.handle(.one)
        #expect(machine.state.lastMacrostep.plannedMicrostep == -1)
        // An untraced chart counts its microsteps and records none.
        let untraced = StateMachine(chart: chart.tracing(false))
        untraced.handle(.zero)
        #expect(untraced.state.lastMacrostep.microsteps.isEmpty)
        #expect(untraced.state.lastMacrostep.microstepCount == 1)
    }
}
