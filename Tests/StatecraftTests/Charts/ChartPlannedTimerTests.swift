import Testing

@testable import Statecraft

/// A chart machine's planned step skips the actions that start and cancel its delayed transitions' timers
/// (`AfterDelay`): its record lists their sends and cancels from the plan, and the machine starts and cancels
/// the timers by position. Every outcome — effects in order, the timers waiting with their identifiers and
/// remaining times — must be the one the interpreter gives the same chart without plans.
@Suite("Chart machines' planned timers")
struct ChartPlannedTimerTests {
    enum Room: String, Hashable, Sendable, Codable { case hall, study, attic, cellar }
    enum Move: String, CaseIterable, Sendable, Codable { case climb, descend, fall, stay }

    typealias Chart = Statechart<Room, Move, [String]>

    /// What one event did: the configuration, the effects recorded, the delayed events waiting.
    struct Outcome: Equatable {
        var configuration: [Room]
        var log: [String]
        var effects: [String]
        var waiting: [String]
    }

    /// Runs `events` on `machine`.
    static func run(_ machine: StateMachine<Chart>, _ events: [Move]) -> [Outcome] {
        events.map { event in
            machine.handle(event)
            return Outcome(
                configuration: machine.state.configuration, log: machine.state.context,
                effects: machine.state.lastMacrostep.effects.map { "\($0)" },
                waiting: machine._waitingDelayedEvents.map { "\($0.event) \($0.id ?? "-") \($0.remaining)" })
        }
    }

    /// ``run(_:_:)`` on a new machine of `chart`, checked against the same chart without plans.
    static func runCheckingAgainstTheInterpreter(_ chart: Chart, _ events: [Move]) -> [Outcome] {
        let planned = run(StateMachine(chart: chart), events)
        let interpreted = run(StateMachine(chart: chart.withoutMicrostepPlans()), events)
        #expect(planned == interpreted)
        return planned
    }

    /// `hall` times out to `cellar` after a minute; `study` back to `hall` after 30 seconds; `exit` runs
    /// between `study`'s timer's cancel and the entry of the next state.
    static func chart(studyExit exit: ChartAction<Room, Move, [String]>? = nil) throws -> Chart {
        try Chart(initial: .hall, context: []) {
            ChartState(.hall) {
                AfterDelay(.seconds(60), send: .fall, target: .cellar)
                OnEvent(.climb, target: .study)
            }
            ChartState(.study) {
                OnEntry { log, _ in log.append("in study") }
                AfterDelay(.seconds(30), send: .descend, target: .hall)
                OnExit(exit ?? { _, _ in })
                OnEvent(.climb, target: .attic)
            }
            ChartState(.attic) {
                AfterDelay(.seconds(5), send: .fall, target: .cellar)
            }
            ChartState(.cellar) {}
        }
    }

    @Test func delayedTransitionsAreTakenFromThePlanWithTheInterpretersEffectsAndTimers() throws {
        let chart = try Self.chart()
        let outcomes = Self.runCheckingAgainstTheInterpreter(chart, [.climb, .descend, .stay, .climb, .climb])
        #expect(outcomes[0].effects.count == 2)
        #expect(outcomes[0].effects.first == "cancel(id: \"statecraft.after.hall.fall\")")
        #expect(outcomes[0].effects.last?.hasSuffix("id: Optional(\"statecraft.after.study.descend\"))") == true)
        #expect(outcomes[0].waiting == ["descend statecraft.after.study.descend 30.0 seconds"])
        #expect(outcomes[1].waiting == ["fall statecraft.after.hall.fall 60.0 seconds"])
        // An ignored event leaves the record and the timers as they were.
        #expect(outcomes[2] == outcomes[1])
        #expect(outcomes[4].waiting == ["fall statecraft.after.attic.fall 5.0 seconds"])

        // Recorded as its plan, its effects in the plan: no interpreter, no list of effects made by the step.
        let machine = StateMachine(chart: chart)
        #expect(machine.handle(.climb))
        #expect(machine.state._lastMacrostep.plannedMicrostep >= 0)
        #expect(machine.state._lastMacrostep.plannedEffects == .inPlan)
        #expect(machine.pendingDelayedEventCount == 1)
        // A copy of the state keeps its macrostep's effects after the machine's next step.
        let kept = machine.state
        #expect(machine.handle(.descend))
        #expect(kept.lastMacrostep.effects.count == 2)
        #expect(machine.cancelDelayedEvents(id: "statecraft.after.hall.fall") == 1)
        #expect(machine.pendingDelayedEventCount == 0)
    }

    @Test func anExitActionThatSendsBetweenTimersKeepsTheOrderOfTheEffects() throws {
        let chart = try Self.chart { log, scope in
            log.append("out study")
            scope.send(.stay, after: .seconds(1), id: "note")
        }
        let outcomes = Self.runCheckingAgainstTheInterpreter(chart, [.climb, .climb, .stay])
        // The study's timer cancelled, then the exit action's send, then the attic's timer started.
        #expect(outcomes[1].effects.count == 3)
        #expect(outcomes[1].effects[0] == "cancel(id: \"statecraft.after.study.descend\")")
        #expect(outcomes[1].effects[1].contains("note"))
        #expect(outcomes[1].effects[2].contains("statecraft.after.attic.fall"))
        #expect(outcomes[1].waiting.count == 2)
    }

    @Test func anExitActionThatRaisesHandsTheRestToTheInterpreterWithTheTimersBeforeIt() throws {
        let chart = try Self.chart { log, scope in
            log.append("out study, raising")
            scope.raise(.climb)
        }
        let outcomes = Self.runCheckingAgainstTheInterpreter(chart, [.climb, .descend, .climb, .climb])
        // Left for `hall` on `descend`, back in `study` on the raised `climb`.
        #expect(outcomes[1].configuration == [.study])
        #expect(outcomes[1].waiting == ["descend statecraft.after.study.descend 30.0 seconds"])
        #expect(outcomes[1].effects.first == "cancel(id: \"statecraft.after.study.descend\")")
    }

    @Test func aRestoredTimerIsCancelledWhenItsStateIsLeft() throws {
        let chart = try Self.chart()
        let machine = StateMachine(chart: chart)
        machine.handle(.climb)
        let saved = try machine.snapshot() as StatechartSnapshot<Room, Move, [String]>
        #expect(saved.delayedEvents.map(\.id) == ["statecraft.after.study.descend"])

        // Restored, the timer waits by its identifier; leaving `study` cancels it all the same.
        let restored = try StateMachine(chart: chart, restoring: saved)
        let interpreted = try StateMachine(chart: chart.withoutMicrostepPlans(), restoring: saved)
        let outcomes = Self.run(restored, [.climb, .stay])
        #expect(outcomes == Self.run(interpreted, [.climb, .stay]))
        #expect(outcomes[0].waiting == ["fall statecraft.after.attic.fall 5.0 seconds"])
    }
}
