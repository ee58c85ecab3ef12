import Testing

@testable import Statecraft

/// A configuration in which one atomic state's candidates for an event start with a guarded one has a
/// guarded plan (`ChartMicrostepPlan.Kind.guarded`): the step evaluates the candidates' guards in order and
/// takes the plan of the first that holds, instead of selecting transitions and computing their sets. A
/// machine evaluates them without an interpreter. Every outcome must be the one the interpreter gives the
/// same chart without plans: which guards run, in which order, what they see, the errors they throw.
@Suite("Chart guarded plans")
struct ChartGuardedPlanTests {
    enum Room: Hashable, Sendable { case top, hall, study, attic, cellar, garden, out }
    enum Move: CaseIterable, Sendable { case go, rest, leave }
    struct Thrown: Error, CustomStringConvertible { var description: String { "thrown" } }

    typealias Chart = Statechart<Room, Move, Int>

    /// The guards' log: which guard ran and what it saw.
    final class GuardLog: @unchecked Sendable {
        var entries: [String] = []
    }

    /// What one event did, as the machine reports it.
    struct Outcome: Equatable {
        var handled: Bool
        var configuration: [Room]
        var context: Int
        var microsteps: [ChartMicrostep<Room>]
        var errors: [String]
        var changedConfiguration: Bool
        var guards: [String]
    }

    /// `hall` on `go`: to `study` when the context is 1, to `attic` when it is 2 (a guard that throws when it
    /// is 3), otherwise to `cellar`; `study` on `go` to `garden` only when the context is 1 (no guardless
    /// candidate), and on `leave` to the final state `out` when it is 1. `rest` adds 10 to the context in every
    /// room. `error.execution` is handled at the top: `garden`.
    static func chart(_ log: GuardLog) throws -> Chart {
        func guardNoting(_ name: String, _ holds: @escaping @Sendable (Int) throws -> Bool)
            -> ChartGuard<Room, Move, Int>
        {
            { count, scope in
                log.entries.append(
                    "\(name) sees \(scope.event.map { "\($0)" } ?? "nothing"), hall \(scope.isActive(.hall))")
                return try holds(count)
            }
        }
        return try Chart(initial: .hall, context: 0) {
            ChartState(.top, initial: .hall) {
                OnError(target: .garden)
                OnEvent(.rest, action: { count, _ in count += 10 })
                ChartState(.hall) {
                    OnEvent(.go, target: .study, when: guardNoting("study") { $0 == 1 })
                    OnEvent(
                        .go, target: .attic,
                        when: guardNoting("attic") {
                            if $0 == 3 { throw Thrown() }
                            return $0 == 2
                        })
                    OnEvent(.go, target: .cellar)
                }
                ChartState(.study) {
                    OnEvent(.go, target: .garden, when: guardNoting("garden") { $0 == 1 })
                    OnEvent(.leave, target: .out, when: guardNoting("out") { $0 == 1 })
                }
                ChartState(.attic)
                ChartState(.cellar)
                ChartState(.garden) {
                    OnEvent(.go, target: .hall, when: guardNoting("back") { _ in throw Thrown() })
                }
            }
            FinalState(.out)
        }
    }

    /// Runs `events` on a machine of `chart` starting with `context`, with an observer when `observed`.
    static func run(_ chart: Chart, context: Int, _ events: [Move], log: GuardLog, observed: Bool) -> [Outcome] {
        let machine = StateMachine(chart: chart.withInitialContext(context))
        if observed { machine.addObserver { _, _, _ in } }
        return events.map { event in
            log.entries.removeAll()
            let handled = machine.handle(event)
            return Outcome(
                handled: handled, configuration: machine.state.configuration, context: machine.state.context,
                microsteps: machine.state.lastMacrostep.microsteps,
                errors: machine.state.lastMacrostep.errors.map(\.description),
                changedConfiguration: machine.state.lastMacrostep.changedConfiguration, guards: log.entries)
        }
    }

    /// Runs `events` by ``Statechart/step(_:on:)``, without a machine.
    static func step(_ chart: Chart, context: Int, _ events: [Move], log: GuardLog) -> [Outcome] {
        var snapshot = chart.start(context: context)
        return events.map { event in
            log.entries.removeAll()
            let next = chart.step(snapshot, on: event)
            if let next { snapshot = next }
            return Outcome(
                handled: next != nil, configuration: snapshot.configuration, context: snapshot.context,
                microsteps: next?.lastMacrostep.microsteps ?? snapshot.lastMacrostep.microsteps,
                errors: snapshot.lastMacrostep.errors.map(\.description),
                changedConfiguration: snapshot.lastMacrostep.changedConfiguration, guards: log.entries)
        }
    }

    /// The outcomes of `events` from `context`, after checking that every way of running the chart — a
    /// machine traced or not, observed or not, a step without a machine — gives the interpreter's outcomes
    /// for the same chart without plans.
    static func outcomes(context: Int, _ events: [Move], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [Outcome]
    {
        let log = GuardLog()
        let chart = try Self.chart(log)
        let expected = run(chart.withoutMicrostepPlans(), context: context, events, log: log, observed: false)
        for tracing in [true, false] {
            for observed in [false, true] {
                let planned = run(chart.tracing(tracing), context: context, events, log: log, observed: observed)
                let interpreted = run(
                    chart.tracing(tracing).withoutMicrostepPlans(), context: context, events, log: log,
                    observed: observed)
                #expect(
                    planned == interpreted, "tracing \(tracing), observed \(observed)", sourceLocation: sourceLocation)
            }
        }
        #expect(
            step(chart, context: context, events, log: log)
                == step(chart.withoutMicrostepPlans(), context: context, events, log: log),
            sourceLocation: sourceLocation)
        return expected
    }

    @Test func theHallsEventHasAGuardedPlanWithEachCandidatesMicrostep() throws {
        let chart = try Self.chart(GuardLog())
        let plans = try #require(chart.tables.microstepPlans)
        let snapshot = chart.start()
        func plan(_ event: Move) throws -> ChartMicrostepPlan {
            let index = try #require(
                plans.planIndex(configuration: snapshot.active.low, byte: Int(_TransitionLookup.byte(of: event))))
            return plans.plans[index]
        }
        let go = try plan(.go)
        #expect(go.kind == .guarded)
        #expect(go.transitionCount == 3)
        let targets = (0..<3).map { position in
            plans.plans[Int(go.firstOutcome) + position].nextConfiguration
        }
        let expected: [Room] = [.study, .attic, .cellar]
        #expect(
            targets
                == expected.map {
                    1 << UInt64(chart.tables.stateIndex[$0]!) | 1 << UInt64(chart.tables.stateIndex[.top]!)
                })
        #expect(try plan(.rest).kind == .planned)
    }

    @Test func theFirstCandidateWhoseGuardHoldsIsTaken() throws {
        let study = try Self.outcomes(context: 1, [.go])
        #expect(study[0].configuration == [.top, .study])
        #expect(study[0].guards == ["study sees go, hall true"])
        let attic = try Self.outcomes(context: 2, [.go])
        #expect(attic[0].configuration == [.top, .attic])
        #expect(attic[0].guards == ["study sees go, hall true", "attic sees go, hall true"])
        let cellar = try Self.outcomes(context: 0, [.go])
        #expect(cellar[0].configuration == [.top, .cellar])
        #expect(cellar[0].guards.count == 2)
        #expect(cellar[0].handled && cellar[0].changedConfiguration)
    }

    @Test func anEventWhoseGuardsAllFailIsIgnored() throws {
        // In `study`, after `rest` made the context 11: `garden`'s and `out`'s guards fail, and no candidate
        // follows them.
        let outcomes = try Self.outcomes(context: 1, [.go, .rest, .go, .leave])
        #expect(outcomes.map(\.handled) == [true, true, false, false])
        #expect(outcomes[2].guards == ["garden sees go, hall false"])
        #expect(outcomes[3].guards == ["out sees leave, hall false"])
        #expect(outcomes[3].configuration == [.top, .study])
    }

    @Test func anIgnoredGuardedEventLeavesTheSnapshotAndObserversHearIt() throws {
        for planned in [true, false] {
            var chart = try Self.chart(GuardLog()).withInitialContext(1)
            if !planned { chart = chart.withoutMicrostepPlans() }
            let machine = StateMachine(chart: chart)
            machine.handle(.go)
            machine.handle(.rest)
            let before = machine.state
            var ignored: [Move] = []
            var transitions = 0
            machine.addIgnoredEventObserver { _, event in ignored.append(event) }
            machine.addObserver { _, _, _ in transitions += 1 }
            #expect(!machine.handle(.go))
            #expect(machine.send(.leave) == .ignored)
            #expect(ignored == [.go, .leave], "planned: \(planned)")
            #expect(transitions == 0)
            #expect(machine.state.configuration == before.configuration && machine.state.context == before.context)
            #expect(machine.state.lastMacrostep.microsteps == before.lastMacrostep.microsteps)
        }
    }

    @Test func aThrowingGuardRaisesAnErrorAndTheNextCandidateIsTried() throws {
        // The context 3: `study`'s guard fails, `attic`'s throws, `cellar` is taken; then the error moves the
        // chart to `garden`.
        let outcomes = try Self.outcomes(context: 3, [.go])
        #expect(outcomes[0].handled)
        #expect(outcomes[0].guards == ["study sees go, hall true", "attic sees go, hall true"])
        #expect(outcomes[0].configuration == [.top, .garden])
        #expect(outcomes[0].errors.count == 1)
        #expect(outcomes[0].microsteps.count == 2)
    }

    @Test func aThrowingGuardWithNoCandidateAfterItStillRaisesItsError() throws {
        // From `garden`, `go`'s only candidate throws: the event is handled, by the error's transition.
        let outcomes = try Self.outcomes(context: 3, [.go, .go])
        #expect(outcomes[1].handled)
        #expect(outcomes[1].guards == ["back sees go, hall false"])
        #expect(outcomes[1].configuration == [.top, .garden])
        #expect(outcomes[1].errors.count == 1)
    }

    @Test func aChosenCandidateThatEntersAFinalStateIsTakenInFull() throws {
        // `study` —leave→ `out`, a top-level final state: its plan lists no actions, the step walks its sets.
        let outcomes = try Self.outcomes(context: 1, [.go, .leave, .go])
        #expect(outcomes[1].handled)
        #expect(outcomes[1].configuration == [.out]) // the chart has finished in `out`
        #expect(!outcomes[2].handled)
    }

    @Test func candidatesInTwoRegionsHaveNoGuardedPlan() throws {
        let chart = try Statechart<Room, Move, Int>(initial: .top, context: 0) {
            ParallelState(.top) {
                ChartState(.hall) { OnEvent(.go, target: .hall, when: { _, _ in true }) }
                ChartState(.study) { OnEvent(.go, target: .study, when: { _, _ in true }) }
            }
        }
        let plans = try #require(chart.tables.microstepPlans)
        let snapshot = chart.start()
        #expect(
            plans.planIndex(configuration: snapshot.active.low, byte: Int(_TransitionLookup.byte(of: Move.go))) == nil)
        let oneRegion = try Statechart<Room, Move, Int>(initial: .top, context: 0) {
            ParallelState(.top) {
                ChartState(.hall) { OnEvent(.go, target: .hall, when: { _, _ in true }) }
                ChartState(.study)
            }
        }
        let onePlans = try #require(oneRegion.tables.microstepPlans)
        let index = try #require(
            onePlans.planIndex(
                configuration: oneRegion.start().active.low, byte: Int(_TransitionLookup.byte(of: Move.go))))
        #expect(onePlans.plans[index].kind == .guarded)
    }
}
