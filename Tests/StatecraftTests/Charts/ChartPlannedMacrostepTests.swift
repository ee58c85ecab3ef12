import Testing

@testable import Statecraft

/// A chart machine takes a planned microstep that only runs actions, in a traced chart without eventless
/// transitions, without building an interpreter (`ChartInterpreter.takePlannedMacrostep`); when one of the
/// actions raises an event or throws, an interpreter takes the rest of the macrostep from that action; effects
/// (sends, cancels) are recorded with the plan. Every outcome must be the one the interpreter gives the same chart
/// without plans.
@Suite("Chart machines' planned macrosteps")
struct ChartPlannedMacrostepTests {
    enum Room: Hashable, Sendable { case hall, study, attic, cellar }
    enum Move: CaseIterable, Sendable { case climb, descend, fall, stay }
    struct Thrown: Error, CustomStringConvertible { var description: String { "thrown" } }

    typealias Chart = Statechart<Room, Move, [String]>

    /// What one event did, as the machine reports it.
    struct Outcome: Equatable {
        var handled: Bool
        var configuration: [Room]
        var log: [String]
        var microsteps: [ChartMicrostep<Room>]
        var errors: [String]
        var changedConfiguration: Bool
        var effects: [String]
        var waitingDelayedEvents: Int
    }

    /// Runs `events` on a machine of `chart`, with an observer that logs each transition it hears of.
    static func run(_ chart: Chart, _ events: [Move]) -> (outcomes: [Outcome], heard: [String]) {
        let machine = StateMachine(chart: chart)
        var heard: [String] = []
        machine.addObserver { old, event, new in
            heard.append("\(names(old.configuration)) \(event) \(names(new.configuration))")
        }
        let outcomes = events.map { event in
            let handled = machine.handle(event)
            return Outcome(
                handled: handled, configuration: machine.state.configuration, log: machine.state.context,
                microsteps: machine.state.lastMacrostep.microsteps,
                errors: machine.state.lastMacrostep.errors.map(\.description),
                changedConfiguration: machine.state.lastMacrostep.changedConfiguration,
                effects: machine.state.lastMacrostep.effects.map { "\($0)" },
                waitingDelayedEvents: machine.pendingDelayedEventCount)
        }
        return (outcomes, heard)
    }

    /// `rooms`' names, joined.
    static func names(_ rooms: [Room]) -> String { rooms.map { "\($0)" }.joined(separator: " ") }

    /// Whether `event`'s plan in `chart`'s initial configuration is one a machine takes without an
    /// interpreter: planned, listing its actions, in a chart without eventless transitions.
    static func isTakenWithoutInterpreter(_ chart: Chart, _ event: Move) -> Bool {
        let snapshot = chart.start()
        guard !chart.tables.hasEventlessTransitions, let plans = chart.tables.microstepPlans,
            let index = plans.planIndex(
                configuration: snapshot.active.low, byte: Int(_TransitionLookup.byte(of: event)))
        else { return false }
        return plans.plans[index].kind == .planned && plans.plans[index].actionStart >= 0
    }

    /// ``run(_:_:)``, after checking that the machine takes the first event's plan without an interpreter, and
    /// that the same chart without plans (every step by the interpreter) gives the same outcomes.
    static func runCheckingAgainstTheInterpreter(_ chart: Chart, _ events: [Move]) -> (
        outcomes: [Outcome], heard: [String]
    ) {
        #expect(isTakenWithoutInterpreter(chart, events[0]))
        let planned = run(chart, events)
        let interpreted = run(chart.withoutMicrostepPlans(), events)
        #expect(planned.outcomes == interpreted.outcomes)
        #expect(planned.heard == interpreted.heard)
        return planned
    }

    /// `hall` —climb→ `study`; `study`'s entry actions are `entry` (first) and a logging one (second).
    static func chart(entry: @escaping ChartAction<Room, Move, [String]>) throws -> Chart {
        try Chart(initial: .hall, context: []) {
            ChartState(.hall) {
                OnExit { log, scope in log.append("out hall on \(scope.event.map { "\($0)" } ?? "nothing")") }
                OnEvent(
                    .climb, target: .study,
                    action: { log, scope in
                        log.append("climb sees study \(scope.isActive(.study)), hall \(scope.isActive(.hall))")
                    })
            }
            ChartState(.study) {
                OnEntry(entry)
                OnEntry { log, scope in log.append("in study, active \(scope.isActive(.study))") }
                OnEvent(.climb, target: .attic)
                OnEvent(.descend, target: .hall)
                OnError(target: .cellar, action: { log, _ in log.append("error handled") })
            }
            ChartState(.attic) {
                OnEntry { log, _ in log.append("in attic") }
            }
            ChartState(.cellar) {
                OnEntry { log, _ in log.append("in cellar") }
            }
        }
    }

    @Test func aQuietPlannedStepRunsItsActionsInOrderAndRecordsItsPlan() throws {
        let chart = try Self.chart { log, _ in log.append("in study") }
        let planned = Self.runCheckingAgainstTheInterpreter(chart, [.climb, .stay, .descend])
        #expect(
            planned.outcomes[0].log == [
                "out hall on climb",
                "climb sees study false, hall false", "in study", "in study, active true",
            ])
        #expect(planned.outcomes[0].microsteps.map(\.entered) == [[.study]])
        #expect(planned.outcomes[1].handled == false)
        #expect(planned.outcomes[2].configuration == [.hall])
        #expect(planned.heard == ["hall climb study", "study descend hall"])
    }

    @Test func anActionThatRaisesLetsTheRestOfTheMicrostepRunBeforeTheRaisedEvent() throws {
        let chart = try Self.chart { log, scope in
            log.append("in study, raising")
            scope.raise(.climb)
        }
        let planned = Self.runCheckingAgainstTheInterpreter(chart, [.climb])
        let outcome = try #require(planned.outcomes.first)
        #expect(outcome.configuration == [.attic])
        #expect(outcome.log.suffix(3) == ["in study, raising", "in study, active true", "in attic"])
        #expect(outcome.microsteps.map(\.entered) == [[.study], [.attic]])
        #expect(planned.heard == ["hall climb attic"])
    }

    @Test func anActionThatThrowsStopsOnlyItsOwnBlockAndRaisesAnExecutionError() throws {
        let chart = try Self.chart { log, _ in
            log.append("in study, throwing")
            throw Thrown()
        }
        let planned = Self.runCheckingAgainstTheInterpreter(chart, [.climb])
        let outcome = try #require(planned.outcomes.first)
        #expect(outcome.configuration == [.cellar])
        #expect(
            outcome.log.suffix(4) == ["in study, throwing", "in study, active true", "error handled", "in cellar"])
        #expect(outcome.errors.count == 1)
        #expect(outcome.errors.first?.contains("'study'") == true)
    }

    @Test func anActionThatSendsHasItsEventHandledAfterTheMacrostep() throws {
        let chart = try Self.chart { log, scope in
            log.append("in study, sending")
            scope.send(.descend)
        }
        let planned = Self.runCheckingAgainstTheInterpreter(chart, [.climb])
        // The send went to the back of the machine's queue: handled after the macrostep, as its own.
        #expect(planned.heard == ["hall climb study", "study descend hall"])
        #expect(planned.outcomes.first?.configuration == [.hall])
    }

    @Test func actionsThatOnlyAskForEffectsKeepThePlannedRecordWithTheirEffectsInOrder() throws {
        // `study` restarts a timer, as an `AfterDelay` does: a cancel, then a send with the same identifier.
        let chart = try Self.chart { log, scope in
            log.append("in study, restarting the timer")
            scope.cancel(id: "timer")
            scope.send(.descend, after: .seconds(60), id: "timer")
        }
        let planned = Self.runCheckingAgainstTheInterpreter(chart, [.climb, .stay, .descend, .climb])
        #expect(planned.outcomes[0].effects.count == 2)
        #expect(planned.outcomes[0].effects.first?.hasPrefix("cancel") == true)
        #expect(planned.outcomes[0].waitingDelayedEvents == 1)
        // A quiet planned step after one with effects records none (the box's old effects are not its own).
        #expect(planned.outcomes[2].effects.isEmpty)
        #expect(planned.outcomes[3].waitingDelayedEvents == 1)

        // Recorded as its plan, without an interpreter.
        let machine = StateMachine(chart: chart)
        #expect(machine.handle(.climb))
        #expect(machine.state._lastMacrostep.plannedMicrostep >= 0)
        #expect(machine.state.lastMacrostep.microsteps.map(\.entered) == [[.study]])
        #expect(machine.state.lastMacrostep.effects.count == 2)
        // A copy of the state keeps the macrostep's effects after the machine's next step.
        let kept = machine.state
        #expect(machine.handle(.descend))
        #expect(kept.lastMacrostep.effects.count == 2)
        #expect(machine.state.lastMacrostep.effects.isEmpty)
    }

    @Test func anActionThatRaisesAfterAnEffectKeepsTheEffectWhenTheInterpreterTakesOver() throws {
        let chart = try Self.chart { log, scope in
            log.append("in study, sending then raising")
            scope.send(.stay, after: .seconds(5), id: "later")
            scope.raise(.climb)
        }
        let planned = Self.runCheckingAgainstTheInterpreter(chart, [.climb])
        let outcome = try #require(planned.outcomes.first)
        #expect(outcome.configuration == [.attic])
        #expect(outcome.effects.count == 1)
        #expect(outcome.waitingDelayedEvents == 1)

        // An effect in an earlier action, a raise in a later one.
        let split = try Self.chart { _, scope in scope.send(.stay, after: .seconds(5), id: "later") }
        let raising = try Chart(initial: .hall, context: []) {
            ChartState(.hall) { OnEvent(.climb, target: .study) }
            ChartState(.study) {
                OnEntry { _, scope in scope.send(.stay, after: .seconds(5), id: "later") }
                OnEntry { _, scope in scope.raise(.climb) }
                OnEvent(.climb, target: .attic)
            }
            ChartState(.attic) { OnEntry { log, _ in log.append("in attic") } }
        }
        _ = Self.runCheckingAgainstTheInterpreter(split, [.climb, .descend, .climb])
        let raised = Self.runCheckingAgainstTheInterpreter(raising, [.climb])
        #expect(raised.outcomes.first?.effects.count == 1)
        #expect(raised.outcomes.first?.configuration == [.attic])
    }

    @Test func onlyAChartWithoutEventlessTransitionsTakesItsPlansInline() throws {
        let chart = try Self.chart { log, _ in log.append("in study") }
        #expect(chart.takesActionPlansInline)
        #expect(chart.tracing(false).takesActionPlansInline)
        #expect(!chart.macrostepBound(ChartInterpreter<Room, Move, [String]>.loopWindow).takesActionPlansInline)
        #expect(chart.withInitialContext(["restarted"]).takesActionPlansInline)

        // Untraced, the planned step records no microstep, as the interpreter's does not, but counts one.
        let untraced = StateMachine(chart: chart.tracing(false))
        #expect(untraced.handle(.climb))
        #expect(untraced.state.lastMacrostep.microsteps.isEmpty)
        #expect(untraced.state.lastMacrostep.microstepCount == 1)
        #expect(untraced.state.lastMacrostep.changedConfiguration)
        #expect(untraced.state.configuration == [.study])

        // With an eventless transition out of `study`, the macrostep goes on after the planned microstep.
        let eventless = try Chart(initial: .hall, context: []) {
            ChartState(.hall) { OnEvent(.climb, target: .study) }
            ChartState(.study) {
                OnEntry { log, _ in log.append("in study") }
                Always(target: .attic)
            }
            ChartState(.attic) { OnEntry { log, _ in log.append("in attic") } }
        }
        #expect(!eventless.takesActionPlansInline)
        let machine = StateMachine(chart: eventless)
        #expect(machine.handle(.climb))
        #expect(machine.state.configuration == [.attic])
        #expect(machine.state.context == ["in study", "in attic"])
    }
}
