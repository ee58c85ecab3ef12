import Testing

@testable import Statecraft

/// A planned microstep lists its actions (`ChartPlannedAction`), recorded when the chart is built by taking
/// the step on tables whose actions record their calls; the step then runs the list instead of walking the
/// exit and entry sets. Each action must run in the same order, see the same event and configuration, and
/// raise, send and fail exactly as in the step without plans.
@Suite("Chart planned actions")
struct ChartPlannedActionsTests {
    typealias Four = ChartEventCandidatesTests.Four
    struct Failure: Error {}

    /// An action logging `name`, the event and the active states among 10, 11, 20 and 21.
    static func log(_ name: String) -> ChartAction<Int, Four, [String]> {
        { log, scope in
            let active = [10, 11, 20, 21].filter { scope.isActive($0) }
            log.append("\(name) \(scope.event.map { "\($0)" } ?? "-") \(active)")
        }
    }

    /// Two parallel regions with entry, exit, transition and initial-transition content, an action that
    /// throws, one that raises and one that sends.
    static func chart() throws -> Statechart<Int, Four, [String]> {
        try Statechart(
            initial: [0], context: [],
            elements: [
                .parallel(
                    0,
                    children: [
                        .state(
                            1, initial: [10], initialAction: log("initial 1"),
                            children: [
                                .entry(log("enter 1")), .exit(log("exit 1")),
                                .transition(on: .event(.one), targets: [1], action: log("1 -> 1")),
                                .state(
                                    10,
                                    children: [
                                        .entry(log("enter 10")), .entry { _, _ in throw Failure() },
                                        .entry(log("enter 10 again")), .exit(log("exit 10")),
                                        .transition(on: .event(.zero), targets: [11], action: log("10 -> 11")),
                                    ]),
                                .state(
                                    11,
                                    children: [
                                        .entry(log("enter 11")), .entry { _, scope in scope.raise(.two) },
                                        .exit(log("exit 11")), .transition(on: .event(.zero), targets: [10]),
                                    ]),
                            ]),
                        .state(
                            2, initial: [20],
                            children: [
                                .state(
                                    20,
                                    children: [
                                        .entry(log("enter 20")), .exit(log("exit 20")),
                                        .transition(
                                            on: .event(.zero), targets: [21],
                                            action: { _, scope in scope.send(.three, after: .seconds(1), id: "t") }),
                                    ]),
                                .state(
                                    21,
                                    children: [
                                        .entry(log("enter 21")), .exit(log("exit 21")),
                                        .transition(on: .event(.two), targets: [20], action: log("21 -> 20")),
                                        .transition(on: .event(.three), targets: [21], kind: .internal),
                                    ]),
                            ]),
                    ])
            ])
    }

    /// What a machine did on each event: handled, configuration, log, errors, effects and microsteps.
    static func run(_ chart: Statechart<Int, Four, [String]>, _ events: [Four]) -> [String] {
        let machine = StateMachine(chart: chart)
        var trace: [String] = []
        for event in events {
            let handled = machine.handle(event)
            let step = machine.state.lastMacrostep
            trace.append(
                "\(event) \(handled) \(machine.state.configuration) \(machine.state.context) "
                    + "errors \(step.errors.map { "\($0.state) \($0.phase)" }) effects \(step.effects.count) "
                    + "microsteps \(step.microsteps.map { "\($0.transitions) \($0.exited) \($0.entered)" })")
        }
        return trace
    }

    @Test func plannedActionsRunAsTheFullStepRunsThem() throws {
        let chart = try Self.chart()
        let plans = try #require(chart.tables.microstepPlans)
        // The plan of (10 and 20 active, zero) lists its five actions.
        let configuration: UInt64 = [0, 1, 10, 2, 20].reduce(0) { word, id in
            word | 1 << UInt64(chart.tables.stateIndex[id] ?? 63)
        }
        let plan = try #require(
            plans.plan(configuration: configuration, byte: Int(_TransitionLookup.byte(of: Four.zero))))
        #expect(plan.pointee.actionStart >= 0)
        // Exit 20, exit 10, both transitions' content, enter 11 (two blocks), enter 21.
        #expect(plan.pointee.actionCount == 7)
        let events: [Four] = [.zero, .three, .zero, .one, .zero, .two, .three, .one, .one]
        let planned = Self.run(chart, events)
        let unplanned = Self.run(chart.withoutMicrostepPlans(), events)
        #expect(planned == unplanned)
        // Each action saw its own configuration: the states are exited in reverse document order and
        // entered in document order, each leaving or joining the configuration around its actions.
        #expect(
            planned[0].contains(
                #""exit 20 zero [10, 20]", "exit 10 zero [10]", "10 -> 11 zero []", "enter 11 zero [11]", "enter 21 zero [11, 21]""#
            ), "\(planned[0])")
    }

    /// A plan holds the address of its first listed action, and each listed action the address of the box it calls: an entry or exit action's is the tables' own box
    /// for its reference; a transition's action has one box of the plans, shared by every plan listing it, and
    /// kept alive by them.
    @Test func everyListedActionHoldsTheBoxItsReferenceNames() throws {
        let chart = try Self.chart()
        let tables = chart.tables
        let plans = try #require(tables.microstepPlans)
        let configurations = try #require(tables.microstepPlanStorage).configurations
        let tableBoxes = tables.actions.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) }
        var transitionBoxes: [Int32: UInt] = [:]
        var listed = 0
        for index in 0..<(configurations.count * plans.columnCount) {
            let plan = plans.plans[index]
            guard plan.actionStart >= 0 else {
                #expect(plan.firstActionAddress == 0)
                continue
            }
            // The plan finds its list by address: the same action as by its start.
            #expect(plan.firstActionAddress == UInt(bitPattern: plans.actions + Int(plan.actionStart)))
            for offset in 0..<Int(plan.actionCount) {
                let action = plans.actions[Int(plan.actionStart) + offset]
                listed += 1
                if action.reference >= 0 {
                    #expect(action.bodyAddress == tableBoxes[Int(action.reference)])
                } else {
                    #expect(!tableBoxes.contains(action.bodyAddress))
                    #expect(transitionBoxes[action.reference, default: action.bodyAddress] == action.bodyAddress)
                    transitionBoxes[action.reference] = action.bodyAddress
                }
            }
        }
        #expect(listed > 20)
        // Four transitions have content (`1 -> 1`, `10 -> 11`, `20 -> 21`, `21 -> 20`), and the initial
        // transition of 1.
        #expect(transitionBoxes.count == 5)
    }

    /// A microstep entering a final state raises `done.state` or ends the chart: its plan lists no actions,
    /// and the step walks its sets.
    @Test func aMicrostepEnteringAFinalStateListsNoActions() throws {
        let chart = try Statechart<Int, Four, [String]>(
            initial: [1], context: [],
            elements: [
                .state(1, children: [.exit(Self.log("exit 1")), .transition(on: .event(.zero), targets: [2])]),
                .final(2, children: [.entry(Self.log("enter 2"))]),
            ])
        let plans = try #require(chart.tables.microstepPlans)
        let one = try #require(chart.tables.stateIndex[1])
        let plan = try #require(
            plans.plan(configuration: 1 << UInt64(one), byte: Int(_TransitionLookup.byte(of: Four.zero))))
        #expect(plan.pointee.kind == .planned)
        #expect(plan.pointee.actionStart == -1)
        let machine = StateMachine(chart: chart)
        machine.handle(.zero)
        #expect(machine.state.isFinished)
        #expect(machine.state.context == ["exit 1 zero []", "enter 2 zero []"])
    }
}
