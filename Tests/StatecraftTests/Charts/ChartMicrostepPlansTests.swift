import Testing

@testable import Statecraft

/// The microstep plans a chart of at most 64 states with payload-free `CaseIterable` events computes when it
/// is built (`ChartMicrostepPlans`): a step in a planned configuration runs the microstep the plan says
/// instead of selecting transitions and computing their sets, so every plan must say what the step does.
@Suite("Chart microstep plans")
struct ChartMicrostepPlansTests {
    typealias Four = ChartEventCandidatesTests.Four
    typealias Trace = DifferentialStepTests.Trace

    /// What one event did, microsteps included.
    struct TracedStep: Equatable {
        var step: DifferentialStepTests.Step
        var microsteps: [ChartMicrostep<Int>]
    }

    static func runTraced(_ chart: Statechart<Int, Four, Trace>, _ events: [Four]) -> [TracedStep] {
        let machine = StateMachine(chart: chart)
        var steps = [
            TracedStep(
                step: DifferentialStepTests.Step(handled: true, machine.state),
                microsteps: machine.state.lastMacrostep.microsteps)
        ]
        for event in events {
            let handled = machine.handle(event)
            steps.append(
                TracedStep(
                    step: DifferentialStepTests.Step(handled: handled, machine.state),
                    microsteps: handled ? machine.state.lastMacrostep.microsteps : []))
        }
        return steps
    }

    /// The plans of `tables`, by configuration and event, as ``ChartMicrostepPlans/plan(configuration:byte:)``
    /// finds them; `nil` when the chart has none.
    static func plans(
        of tables: ChartTables<Int, Four, Trace>
    ) -> [(configuration: UInt64, event: Four, plan: ChartMicrostepPlan?)]? {
        guard let storage = tables.microstepPlanStorage else { return nil }
        var found: [(configuration: UInt64, event: Four, plan: ChartMicrostepPlan?)] = []
        for configuration in storage.configurations {
            for event in Four.allCases {
                let plan = storage.plans.plan(
                    configuration: configuration, byte: Int(_TransitionLookup.byte(of: event)))
                found.append((configuration, event, plan?.pointee))
            }
        }
        return found
    }

    /// Random charts (nested, parallel, history, eventless, guards, raises, throwing actions) run with and
    /// without their plans, traced or not: every step, its microsteps and its context must be the same.
    @Test func aPlannedChartStepsAsOneWithoutPlans() {
        var withPlans = 0
        for seed in UInt64(1)...120 {
            guard let drawn = DifferentialStepTests.makeChart(seed: seed, event: { Four.allCases[$0] }) else {
                continue
            }
            if drawn.chart.tables.microstepPlans != nil { withPlans += 1 }
            let events = DifferentialStepTests.events(seed: seed).map { Four.allCases[$0] }
            for tracing in [true, false] {
                let chart = drawn.chart.tracing(tracing)
                let planned = Self.runTraced(chart, events)
                let unplanned = Self.runTraced(chart.withoutMicrostepPlans(), events)
                #expect(planned == unplanned, "seed \(seed), tracing \(tracing)")
            }
        }
        #expect(withPlans >= 80)
    }

    /// Every plan of every random chart against the step without plans, from that configuration: an
    /// ignored event is ignored, and a planned microstep takes the plan's transitions, exits and enters
    /// the plan's states and leads to the plan's configuration.
    @Test func everyPlanSaysWhatTheStepDoes() throws {
        var planned = 0
        var ignored = 0
        var guarded = 0
        var chosen = 0
        for seed in UInt64(1)...120 {
            guard let drawn = DifferentialStepTests.makeChart(seed: seed, event: { Four.allCases[$0] }),
                let plans = Self.plans(of: drawn.chart.tables), let storage = drawn.chart.tables.microstepPlanStorage
            else { continue }
            let chart = drawn.chart.withoutMicrostepPlans()
            var snapshot = chart.start()
            for (configuration, event, plan) in plans {
                guard let plan else { continue }
                snapshot.active = ChartStateSet(low: configuration)
                snapshot._isFinished = false
                let next = chart.step(snapshot, on: event)
                switch plan.kind {
                case .ignored:
                    ignored += 1
                    #expect(next == nil, "seed \(seed), configuration \(configuration), \(event)")
                case .planned:
                    planned += 1
                    let first = try #require(next?.lastMacrostep.records?.recorded.first)
                    #expect(Array(first.transitions) == Array(plan.transitionList), "seed \(seed)")
                    #expect(first.exited.low == plan.exitWord, "seed \(seed)")
                    #expect(first.entered.low == plan.entryWord, "seed \(seed)")
                    #expect(configuration & ~first.exited.low | first.entered.low == plan.nextConfiguration)
                case .guarded:
                    // The step took the candidate whose guard held first, by that candidate's plan; or none held.
                    guarded += 1
                    let candidates = Array(plan.transitionList)
                    guard let first = next?.lastMacrostep.records?.recorded.first,
                        first.transitions.count == 1, let position = candidates.firstIndex(of: first.transitions[0])
                    else { continue }
                    chosen += 1
                    let outcome = storage.plans.plans[Int(plan.firstOutcome) + position]
                    #expect(outcome.kind == .planned, "seed \(seed)")
                    #expect(Array(outcome.transitionList) == [candidates[position]], "seed \(seed)")
                    #expect(first.exited.low == outcome.exitWord, "seed \(seed)")
                    #expect(first.entered.low == outcome.entryWord, "seed \(seed)")
                    #expect(configuration & ~first.exited.low | first.entered.low == outcome.nextConfiguration)
                case .unplanned:
                    Issue.record("an unplanned plan was returned")
                }
            }
        }
        #expect(planned > 200 && ignored > 500)
        #expect(guarded > 20 && chosen > 10, "guarded \(guarded), chosen \(chosen)")
    }

    enum Light: Hashable, Sendable, CaseIterable { case red, green, amber }

    @Test func aFlatChartPlansEachStateAndEvent() throws {
        let chart = try Statechart<Light, Four, Int>(initial: .red, context: 0) {
            ChartState(.red) {
                OnEntry { count, _ in count += 1 }
                OnEvent(.zero, target: .green)
            }
            ChartState(.green) { OnEvent(.zero, target: .amber, when: { count, _ in count > 0 }) }
            ChartState(.amber) { OnEvent(.one, target: .red) }
        }
        let storage = try #require(chart.tables.microstepPlanStorage)
        let red = try #require(chart.tables.stateIndex[.red])
        let green = try #require(chart.tables.stateIndex[.green])
        let amber = try #require(chart.tables.stateIndex[.amber])
        #expect(storage.configurations.sorted() == [1 << red, 1 << green, 1 << amber].map { UInt64($0) })
        func plan(_ state: Int, _ event: Four) -> ChartMicrostepPlan? {
            storage.plans.plan(configuration: 1 << UInt64(state), byte: Int(_TransitionLookup.byte(of: event)))?
                .pointee
        }
        let redOnZero = try #require(plan(red, .zero))
        #expect(redOnZero.kind == .planned)
        #expect(redOnZero.exitWord == 1 << UInt64(red) && redOnZero.entryWord == 1 << UInt64(green))
        #expect(redOnZero.nextConfiguration == 1 << UInt64(green))
        #expect(plan(red, .one)?.kind == .ignored)
        // A guard decides: the plan lists the guarded candidate, and the plan it takes when the guard holds.
        let greenOnZero = try #require(plan(green, .zero))
        #expect(greenOnZero.kind == .guarded && greenOnZero.transitionCount == 1)
        let whenHolds = storage.plans.plans[Int(greenOnZero.firstOutcome)]
        #expect(whenHolds.kind == .planned && whenHolds.nextConfiguration == 1 << UInt64(amber))
        let amberOnOne = try #require(plan(amber, .one))
        #expect(amberOnOne.nextConfiguration == 1 << UInt64(red))
    }

    /// A machine keeps its scope from one step to the next (`ChartScopeBox`): each action must still see its
    /// own step's signal and configuration, whether or not a copy of the snapshot shares the box.
    @Test func aKeptScopeShowsEachStepsSignalAndConfiguration() {
        let chart: Statechart<Light, Four, [String]>
        do {
            chart = try Statechart(initial: .red, context: []) {
                ChartState(.red) {
                    OnEntry { log, scope in log.append("red \(String(describing: scope.event)) \(scope.isActive(.red))")
                    }
                    OnEvent(.zero, target: .green)
                }
                ChartState(.green) {
                    OnEntry { log, scope in
                        log.append("green \(String(describing: scope.event)) \(scope.isActive(.red))")
                    }
                    OnEvent(.one, target: .red)
                }
                ChartState(.amber)
            }
        } catch {
            Issue.record("\(error)")
            return
        }
        let machine = StateMachine(chart: chart)
        machine.handle(.zero)
        let held = machine.state // shares the scope's box while it lives
        machine.handle(.one)
        machine.handle(.zero)
        #expect(held.isActive(.green))
        #expect(
            machine.state.context == [
                "red nil true", "green Optional(StatecraftTests.ChartEventCandidatesTests.Four.zero) false",
                "red Optional(StatecraftTests.ChartEventCandidatesTests.Four.one) true",
                "green Optional(StatecraftTests.ChartEventCandidatesTests.Four.zero) false",
            ])
        // The pure step on copies sees the same.
        var snapshot = chart.start()
        for event in [Four.zero, .one, .zero] { snapshot = chart.step(snapshot, on: event) ?? snapshot }
        #expect(snapshot.context == machine.state.context)
    }

    enum Sixteen: Int, Hashable, Sendable, CaseIterable {
        case e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15
    }

    /// A chart of `regions` parallel regions of four states each, every state moving to the next on some of
    /// sixteen events: 4^`regions` legal configurations.
    static func regionsChart(_ regions: Int) throws -> Statechart<Int, Sixteen, Int> {
        let children: [ChartElement<Int, Sixteen, Int>] = (0..<regions).map { region in
            let states: [ChartElement<Int, Sixteen, Int>] = (0..<4).map { state in
                let next = 100 + region * 10 + (state + 1) % 4
                let moves: [ChartElement<Int, Sixteen, Int>] = Sixteen.allCases
                    .filter { ($0.rawValue + state + region) % 3 == 0 }
                    .map { .transition(on: .event($0), targets: [next]) }
                return .state(100 + region * 10 + state, children: moves)
            }
            return .state(region + 1, initial: [100 + region * 10], children: states)
        }
        return try Statechart(initial: [0], context: 0, elements: [.parallel(0, children: children)])
    }

    /// Plans are computed while the chart is built, so their number is bounded: 256 configurations × 16 event
    /// cases (4,096 plans) are planned, 1,024 × 16 are not — and both charts step alike.
    @Test func planningStopsAtFourThousandPlans() throws {
        let planned = try Self.regionsChart(4)
        let unplanned = try Self.regionsChart(5)
        #expect(planned.tables.microstepPlans != nil)
        #expect(unplanned.tables.microstepPlans == nil)
        let small = StateMachine(chart: planned)
        let large = StateMachine(chart: unplanned)
        for event in Sixteen.allCases + Sixteen.allCases.reversed() {
            small.handle(event)
            large.handle(event)
            #expect(
                small.state.configuration == large.state.configuration.filter { $0 != 5 && !(140..<150).contains($0) })
        }
    }
}
