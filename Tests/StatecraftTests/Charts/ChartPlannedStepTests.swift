import Testing

@testable import Statecraft

/// A chart machine takes a planned step (`Statechart._update(_:on:preview:in:)` with the plan its preview found)
/// without an interpreter when the plan lists its actions, an untraced chart's or a guarded plan by the step made
/// for them, anything else by the interpreter. Each ends the event by the machine's one lifecycle: actions' errors
/// handled, the macrostep's sends performed, ignored events answered.
@Suite("Chart machines' planned steps")
struct ChartPlannedStepTests {
    enum Phase: Hashable, Sendable { case idle, busy, broken }
    enum Input: CaseIterable, Sendable { case start, stop, fail, arm, poke }

    typealias Chart = Statechart<Phase, Input, Int>
    typealias Machine = StateMachine<Chart>

    struct Failure: Error {}

    /// idle --start--> busy --stop--> idle. Entering busy counts (context += 1); `arm` in busy starts a timer
    /// (a delayed `stop`); `fail` in busy enters broken, whose entry throws: its `OnError` goes back to idle.
    /// With `guarded`, `start` is taken only while the count is even.
    static func chart(guarded: Bool = false) throws -> Chart {
        var evenCount: ChartGuard<Phase, Input, Int>?
        if guarded { evenCount = { count, _ in count % 2 == 0 } }
        return try Chart(initial: .idle, context: 0) {
            ChartState(.idle) {
                OnEvent(.start, target: .busy, when: evenCount)
            }
            ChartState(.busy) {
                OnEntry { count, _ in count += 1 }
                OnEvent(.stop, target: .idle)
                OnEvent(.fail, target: .broken)
                OnEvent(.arm, action: { _, scope in scope.send(.stop, after: .seconds(5), id: "timer") })
            }
            ChartState(.broken) {
                OnEntry { _, _ in throw Failure() }
                OnError(target: .idle)
            }
        }
    }

    @Test func everyMachineStepsWithItsOwnStepperWhoeverItsRuntimeServes() throws {
        let runtime = ChartRuntime()
        let machine = StateMachine(definition: try Self.chart(), subject: runtime)
        let other = StateMachine(definition: try Self.chart(), subject: runtime)
        #expect(machine.stepper.box !== other.stepper.box)
        #expect(machine.handle(.start))
        #expect(other.handle(.start))
        #expect(other.state.context == 1)
        #expect(other.state.lastMacrostep.entered == [.busy])
        // An autoforwarding invocation makes the preview unknown: the step forwards the event first.
        runtime._autoforwards = true
        #expect(machine.definition._preview(of: .stop, in: machine, nothingAttached: false) == .unknown)
        runtime._autoforwards = false
        #expect(machine.definition._preview(of: .stop, in: machine, nothingAttached: false).planPosition >= 0)
        let untraced = Machine(chart: try Self.chart().tracing(false))
        #expect(untraced.handle(.start))
        #expect(untraced.state.context == 1)
    }

    /// A planned step that changes the configuration ends the effects of the state it left — on a machine without
    /// observers and on one whose observers receive the state from before the event; the observers hear the step.
    @Test func aPlannedStepThatLeavesAStateEndsItsEffectsWithOrWithoutObservers() throws {
        for observed in [false, true] {
            let machine = Machine(chart: try Self.chart())
            var heard: [[Phase]] = []
            if observed {
                machine.addObserver { old, _, new in heard.append(old.atomicStates + new.atomicStates) }
            }
            // A snapshot just made has no plan row: the first events take the general step, and leave one.
            #expect(machine.handle(.start))
            #expect(machine.handle(.stop))
            #expect(machine.state.planRowStart >= 0)
            machine.startEffect(StateEffect { _ in })
            #expect(machine.waitingEffectCount == 1, "observed: \(observed)")
            #expect(machine.handle(.start))
            #expect(machine.waitingEffectCount == 0, "observed: \(observed)")
            #expect(machine.state.context == 2)
            #expect(machine.state.lastMacrostep.entered == [.busy])
            #expect(heard == (observed ? [[.idle, .busy], [.busy, .idle], [.idle, .busy]] : []))
        }
    }

    /// `handle` while the machine is busy (from an observer) queues the event, answers `false`, and the machine
    /// handles it once the step is done.
    @Test func anEventHandledWhileTheMachineIsBusyIsQueuedAndHandledAfter() throws {
        let machine = Machine(chart: try Self.chart())
        var answers: [Bool] = []
        machine.addObserver { [unowned machine] _, event, _ in
            if event == .start { answers.append(machine.handle(.stop)) }
        }
        #expect(machine.handle(.start))
        #expect(answers == [false])
        #expect(machine.state.atomicStates == [.idle])
        #expect(machine.pendingEventCount == 0)
        #expect(machine.handle(.start))
        #expect(answers == [false, false])
        #expect(machine.state.atomicStates == [.idle])
        #expect(machine.state.context == 2)
    }

    @Test func aThrowingActionInAPlannedStepRaisesItsErrorAsTheGeneralStepDoes() throws {
        for tracing in [true, false] {
            let machine = Machine(chart: try Self.chart().tracing(tracing))
            #expect(machine.handle(.start))
            #expect(machine.handle(.fail))
            // broken's entry threw: `error.execution`, then its `OnError` back to idle, in the same macrostep.
            #expect(machine.state.atomicStates == [.idle], "tracing: \(tracing)")
            #expect(machine.state.lastMacrostep.errors.count == 1, "tracing: \(tracing)")
            #expect(machine.handle(.start))
            #expect(machine.state.context == 2)
        }
    }

    @Test(arguments: [false, true])
    func aPlannedStepsDelayedSendIsScheduledAndItsStateLeft(observed: Bool) throws {
        for tracing in [true, false] {
            let machine = Machine(chart: try Self.chart().tracing(tracing))
            var heard = 0
            // Observers that receive the state from before the event.
            if observed { machine.addObserver { _, _, _ in heard += 1 } }
            #expect(machine.handle(.start))
            #expect(machine.handle(.stop))
            #expect(machine.handle(.start))
            #expect(machine.send(.arm) == .transitioned)
            // The macrostep's send went to the machine's delayed events: its first support object.
            #expect(machine.pendingDelayedEventCount == 1, "tracing: \(tracing)")
            #expect(machine.handle(.stop))
            #expect(machine.state.atomicStates == [.idle])
            #expect(machine.pendingDelayedEventCount == 1, "tracing: \(tracing)")
            #expect(heard == (observed ? 5 : 0))
        }
    }

    @Test func guardedAndUntracedPlansStepAsTheGeneralPathSteps() throws {
        for tracing in [true, false] {
            let machine = Machine(chart: try Self.chart(guarded: true).tracing(tracing))
            var outcomes: [EventOutcome] = []
            for input in [Input.start, .stop, .start, .poke, .stop, .start] {
                outcomes.append(machine.send(input))
            }
            // The second `start` finds an odd count: its guard fails and the event is ignored.
            #expect(
                outcomes == [.transitioned, .transitioned, .ignored, .ignored, .ignored, .ignored],
                "tracing: \(tracing)")
            #expect(machine.state.atomicStates == [.idle])
            #expect(machine.state.context == 1)
            #expect(machine.state.lastMacrostep.microstepCount == 1, "tracing: \(tracing)")
        }
    }

    @Test func ignoredEventObserversHearAGuardedPlanThePreviewFindsIgnored() throws {
        let machine = Machine(chart: try Self.chart(guarded: true))
        var ignored: [Input] = []
        // A support object that holds no observer of transitions: the planned steps are still taken.
        machine.addIgnoredEventObserver { _, input in ignored.append(input) }
        #expect(machine.handle(.start))
        #expect(machine.handle(.stop))
        // `start`'s plan is guarded: its guard fails on an odd count, and the observer hears the event.
        #expect(!machine.handle(.start))
        #expect(machine.send(.poke) == .ignored)
        #expect(ignored == [.start, .poke])
        #expect(machine.state.atomicStates == [.idle])
    }
}
