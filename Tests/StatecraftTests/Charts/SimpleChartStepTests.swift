import Statecraft
import Testing

/// A chart steps through one function, traced or not: the untraced chart must agree with the traced one
/// on everything a step produces except the recorded microsteps.
@Suite("Chart simple-chart step")
struct SimpleChartStepTests {
    struct Boom: Error {}

    /// Nested compound states with entry, exit, initial and transition actions; an internal and a
    /// targetless transition; a guard and an action that throw; raised events; a final state.
    static func nestedChart(eventless: Bool) throws -> TestChart {
        try TestChart(initial: .a, context: Log()) {
            ChartState(.a, initial: .a1, initialAction: say("initial a")) {
                logEntry(.a)
                logExit(.a)
                OnEvent(.go, target: .b)
                OnEvent(.e, kind: .internal, action: say("targetless e"))
                ChartState(.a1) {
                    logEntry(.a1)
                    logExit(.a1)
                    OnEvent(.next, target: .a2, action: say("a1 to a2"))
                    OnEvent(.x, target: .a2, when: { _, _ in throw Boom() })
                }
                ChartState(.a2) {
                    logEntry(.a2)
                    logExit(.a2)
                    OnEvent(.back, target: .a1, kind: .internal)
                    OnEvent(.f, target: .a, kind: .internal)
                    OnEvent(.y, action: { _, scope in scope.raise(.go) })
                }
            }
            ChartState(.b, initial: .b1) {
                logEntry(.b)
                OnExit { log, _ in log.count += 1 }
                OnEvent(.back, target: .a2)
                OnEvent(.g, action: { _, _ in throw Boom() })
                ChartState(.b1, initial: .b11) {
                    logEntry(.b1)
                    ChartState(.b11) {
                        logEntry(.b11)
                        OnEvent(.h, target: .b2)
                    }
                }
                ChartState(.b2) {
                    logEntry(.b2)
                    if eventless { Always(target: .c, when: { log, _ in log.count > 0 }) }
                    OnEvent(.leave, target: .done)
                    OnEvent(.next, target: .c)
                }
            }
            ChartState(.c) {
                logEntry(.c)
                OnEvent(.back, target: .b)
            }
            FinalState(.done)
        }
    }

    static let script: [E] = [
        .e, .next, .x, .y, .h, .g, .back, .f, .next, .back, .e, .go, .h, .next, .back, .h, .leave, .go,
    ]

    @Test(arguments: [false, true])
    func untracedStepsMatchTheInterpreter(eventless: Bool) throws {
        let traced = try Self.nestedChart(eventless: eventless)
        let untraced = traced.tracing(false)
        var reference = traced.start()
        var fast = untraced.start()
        #expect(fast.configuration == reference.configuration)
        for event in Self.script {
            let expected = traced.step(reference, on: event)
            let actual = untraced.step(fast, on: event)
            #expect((actual == nil) == (expected == nil), "event \(event)")
            guard let expected, let actual else { continue }
            #expect(actual.configuration == expected.configuration, "event \(event)")
            #expect(actual.context == expected.context, "event \(event)")
            #expect(actual.isFinished == expected.isFinished, "event \(event)")
            #expect(actual.finalState == expected.finalState, "event \(event)")
            let (got, want) = (actual.lastMacrostep, expected.lastMacrostep)
            #expect(got.changedConfiguration == want.changedConfiguration, "event \(event)")
            #expect(got.microstepCount == want.microstepCount, "event \(event)")
            #expect(got.errors.map(\.description) == want.errors.map(\.description), "event \(event)")
            #expect(got.effects.count == want.effects.count, "event \(event)")
            #expect(got.microsteps.isEmpty)
            reference = expected
            fast = actual
        }
        // With the eventless transition the chart settles in `c` and never reaches `done`.
        #expect(fast.isFinished != eventless)
    }

    @Test func aMachineOnAnUntracedChartReportsChangesAndUpdates() throws {
        let machine = StateMachine(chart: try Self.nestedChart(eventless: false).tracing(false))
        #expect(machine.state.configuration == [.a, .a1])
        #expect(machine.handle(.e))
        #expect(!machine.state.lastMacrostep.changedConfiguration)
        #expect(machine.handle(.next))
        #expect(machine.state.configuration == [.a, .a2])
        #expect(!machine.handle(.h))
        #expect(machine.state.context.entries.suffix(3) == ["exit a1", "a1 to a2", "enter a2"])
    }

    /// A machine nobody observes steps its snapshot in place; an observer makes it step on copies. Both
    /// must produce the same snapshots and outcomes, and an ignored event must leave the last
    /// macrostep's record as it was.
    @Test(arguments: [false, true])
    func steppingInPlaceMatchesSteppingOnCopies(eventless: Bool) throws {
        let chart = try Self.nestedChart(eventless: eventless).tracing(false)
        let inPlace = StateMachine(chart: chart)
        let onCopies = StateMachine(chart: chart)
        var observed = 0
        onCopies.addObserver { _, _, _ in observed += 1 }
        var transitions = 0
        for event in Self.script {
            let before = inPlace.state.lastMacrostep
            let outcome = inPlace.send(event)
            #expect(outcome == onCopies.send(event), "event \(event)")
            if outcome == .transitioned { transitions += 1 }
            let (actual, expected) = (inPlace.state, onCopies.state)
            #expect(actual.configuration == expected.configuration, "event \(event)")
            #expect(actual.context == expected.context, "event \(event)")
            #expect(actual.isFinished == expected.isFinished, "event \(event)")
            let (got, want) = (actual.lastMacrostep, expected.lastMacrostep)
            #expect(got.changedConfiguration == want.changedConfiguration, "event \(event)")
            #expect(got.microstepCount == want.microstepCount, "event \(event)")
            #expect(got.errors.map(\.description) == want.errors.map(\.description), "event \(event)")
            if outcome == .ignored {
                #expect(got.microstepCount == before.microstepCount, "event \(event)")
                #expect(got.changedConfiguration == before.changedConfiguration, "event \(event)")
                #expect(got.errors.count == before.errors.count, "event \(event)")
            }
        }
        #expect(observed == transitions)
        #expect(transitions > 0 && transitions < Self.script.count)
    }

    @Test func anIgnoredEventKeepsTheLastMacrostepOfAMachineSteppingInPlace() throws {
        let machine = StateMachine(chart: try Self.nestedChart(eventless: false).tracing(false))
        #expect(machine.handle(.next))
        #expect(machine.state.lastMacrostep.changedConfiguration)
        #expect(machine.state.lastMacrostep.microstepCount == 1)
        #expect(!machine.handle(.h))
        #expect(machine.state.lastMacrostep.changedConfiguration)
        #expect(machine.state.lastMacrostep.microstepCount == 1)
    }
}
