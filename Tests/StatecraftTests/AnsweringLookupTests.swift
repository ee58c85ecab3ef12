import Statecraft
import Testing

/// A tabulated machine answers most events by the lookup it keeps in a word of its own, read without
/// testing anything first (`StateMachine.answeringLookup`): its definition's plain lookup while it is idle and
/// nothing observes it, the observed one while only transition observers do. Whatever writes the state, the
/// busy flag or the support object must keep that word coherent: an event sent while the machine is busy is
/// queued, never answered by a lookup. Tests taking a `LogicEvaluation` run on both paths.
@Suite("Answering lookup")
struct AnsweringLookupTests {
    enum Phase: CaseIterable, Equatable { case idle, armed, firing, done }
    enum Signal: CaseIterable { case arm, fire, finish, reset, poll }

    /// `poll` re-enters `armed` (a transition to the same state) and is ignored elsewhere; `finish` is ignored
    /// in `armed` but moves `firing` on.
    static func phaseLogic(phase: Phase, signal: Signal) -> Phase? {
        switch (phase, signal) {
        case (.idle, .arm): .armed
        case (.armed, .poll): .armed
        case (.armed, .fire): .firing
        case (.firing, .finish): .done
        case (_, .reset): .idle
        default: nil
        }
    }

    static func machine(_ evaluation: LogicEvaluation) -> StateMachine<TransitionFunction<Phase, Signal>> {
        let machine = StateMachine(initialState: Phase.idle, evaluation: evaluation, transition: Self.phaseLogic)
        #expect(machine.definition.isTabulated == (evaluation == .tabulatedWhenPossible))
        return machine
    }

    @Test(arguments: LogicEvaluation.allCases, [false, true])
    func aTransitionToTheSameStateIsNotAnIgnoredEvent(evaluation: LogicEvaluation, observed: Bool) {
        let machine = Self.machine(evaluation)
        var heard: [String] = []
        if observed { machine.addObserver { old, signal, new in heard.append("\(old) \(signal) \(new)") } }
        #expect(machine.handle(.poll) == false)
        #expect(machine.send(.poll) == .ignored)
        #expect(machine.handle(.arm))
        #expect(machine.handle(.poll))
        #expect(machine.send(.poll) == .transitioned)
        #expect(machine.state == .armed)
        #expect(machine.handle(.finish) == false)
        #expect(machine.send(.finish) == .ignored)
        #expect(machine.handle(.arm) == false)
        #expect(machine.state == .armed)
        #expect(heard == (observed ? ["idle arm armed", "armed poll armed", "armed poll armed"] : []))
    }

    /// An observer of the move to `armed` starts an effect there and sends `fire`, which is queued; the queue is
    /// drained by the plain lookup (the move runs no hook), and leaving `armed` must still end the effect the
    /// observer started. (The observed lookup's own moves end none: it answers only while the machine holds
    /// nothing but transition observers.)
    @Test(arguments: LogicEvaluation.allCases)
    func aQueuedMoveAnsweredByTheLookupEndsTheEffectsOfTheStateLeft(evaluation: LogicEvaluation) {
        let machine = Self.machine(evaluation)
        var activeInArmed: [Int] = []
        machine.addObserver { _, _, new in
            guard new == .armed else { return }
            machine.startEffect(StateEffect { _ in })
            activeInArmed.append(machine.activeEffectCount)
            machine.send(.fire)
        }
        #expect(machine.handle(.arm))
        #expect(activeInArmed == [1])
        #expect(machine.state == .firing)
        #expect(machine.activeEffectCount == 0)
    }

    /// An observer sends `fire`, which leads on from `armed`, then `finish`, which `armed` ignores but
    /// `firing` does not: both are queued, so `finish` is handled in `firing`. Answering `finish` by the
    /// observed lookup while the machine notifies would ignore it.
    @Test(arguments: LogicEvaluation.allCases, [false, true])
    func anEventAnObserverSendsIsQueuedEvenWhenTheStateIgnoresIt(evaluation: LogicEvaluation, bySend: Bool) {
        let machine = Self.machine(evaluation)
        var outcomes: [EventOutcome] = []
        var heard: [Phase] = []
        machine.addObserver { _, signal, new in
            heard.append(new)
            guard signal == .arm else { return }
            if bySend {
                outcomes.append(machine.send(.fire))
                outcomes.append(machine.send(.finish))
            } else {
                outcomes.append(machine.handle(.fire) ? .transitioned : .queued)
                outcomes.append(machine.handle(.finish) ? .transitioned : .queued)
            }
        }
        #expect(machine.handle(.arm))
        #expect(outcomes == [.queued, .queued])
        #expect(heard == [.armed, .firing, .done])
        #expect(machine.state == .done)
        #expect(machine.pendingEventCount == 0)
        // Idle again, the observed lookup answers.
        #expect(machine.send(.finish) == .ignored)
        #expect(machine.handle(.reset))
        #expect(heard == [.armed, .firing, .done, .idle])
    }

    /// The same through a schema's transition block on a machine nothing observes: the block runs while the
    /// machine is busy, so the plain lookup is put away; answering `finish` by it would ignore it.
    @Test(arguments: LogicEvaluation.allCases)
    func anEventABlockSendsIsQueuedEvenWhenTheStateIgnoresIt(evaluation: LogicEvaluation) {
        final class Subject {
            var machine: StateMachine<StateMachineSchema<Phase, Signal, Subject>>?
            var outcomes: [EventOutcome] = []
        }
        let schema = StateMachineSchema<Phase, Signal, Subject>(initialState: .idle, evaluation: evaluation) {
            phase, signal in
            guard let next = Self.phaseLogic(phase: phase, signal: signal) else { return nil }
            guard phase == .idle, signal == .arm else { return (next, nil) }
            return (
                next,
                { subject in
                    subject.outcomes.append(subject.machine!.send(.fire))
                    subject.outcomes.append(subject.machine!.send(.finish))
                }
            )
        }
        let subject = Subject()
        let machine = StateMachine(schema: schema, subject: subject)
        subject.machine = machine
        #expect(machine.handle(.arm))
        #expect(subject.outcomes == [.queued, .queued])
        #expect(machine.state == .done)
        // Idle again, without a support object, the plain lookup answers.
        #expect(machine.send(.finish) == .ignored)
        #expect(machine.send(.reset) == .transitioned)
        #expect(machine.handle(.arm))
        #expect(subject.outcomes == [.queued, .queued, .queued, .queued])
        #expect(machine.state == .done)
        subject.machine = nil
    }

    /// A machine answering by the observed lookup hears a `didTransition` set while it is idle, before its
    /// observers: `didTransition` is the first of the observers the lookup's cells call.
    @Test(arguments: LogicEvaluation.allCases)
    func didTransitionSetOnAnIdleObservedMachineIsHeard(evaluation: LogicEvaluation) {
        let machine = Self.machine(evaluation)
        var heard: [String] = []
        machine.addObserver { _, signal, _ in heard.append("observer \(signal)") }
        #expect(machine.handle(.arm))
        machine.didTransition = { _, signal, _ in heard.append("didTransition \(signal)") }
        #expect(machine.handle(.poll))
        #expect(machine.handle(.fire))
        #expect(
            heard == ["observer arm", "didTransition poll", "observer poll", "didTransition fire", "observer fire"])
    }

    /// The lookup's cells name a target by its byte only up to `largestTarget` (`0x7A`) and an ignored event by
    /// its row's own byte only below `0x80`: a hand-written one-byte type with larger bytes is still tabulated,
    /// and its machine still answers as the function does, observed or not.
    @Test(arguments: [false, true])
    func statesWithLargeBytesAreAnsweredAsTheFunctionAnswers(observed: Bool) {
        struct Gauge: CaseIterable, Equatable {
            let byte: UInt8
            static let allCases = [0, 0x7A, 0x7B, 0x80, 0xC0].map(Gauge.init(byte:))
        }
        let next: @Sendable (Gauge, Signal) -> Gauge? = { gauge, signal in
            let order: [UInt8] = [0, 0x7A, 0x7B, 0x80, 0xC0]
            let position = order.firstIndex(of: gauge.byte)!
            switch signal {
            case .arm: return Gauge(byte: order[(position + 1) % order.count])
            case .poll: return gauge
            case .reset: return position == 0 ? nil : Gauge(byte: 0)
            default: return nil
            }
        }
        let tabulated = StateMachine(initialState: Gauge(byte: 0), transition: next)
        let everyEvent = StateMachine(initialState: Gauge(byte: 0), evaluation: .onEveryEvent, transition: next)
        #expect(tabulated.definition.isTabulated)
        var heard: [[UInt8]] = [[], []]
        if observed {
            tabulated.addObserver { _, _, new in heard[0].append(new.byte) }
            everyEvent.addObserver { _, _, new in heard[1].append(new.byte) }
        }
        let signals: [Signal] = [.reset, .poll, .fire] + [Signal](repeating: .arm, count: 7) + [.fire, .poll, .reset]
        for signal in Array(repeating: signals, count: 2).joined() {
            let outcome = tabulated.send(signal)
            #expect(outcome == everyEvent.send(signal), "\(signal) in \(everyEvent.state.byte)")
            #expect(tabulated.state == everyEvent.state)
        }
        #expect(heard[0] == heard[1])
        #expect(heard[0].count == (observed ? 20 : 0))
    }
}
