import Statecraft
import Testing

/// Observers added or removed while a machine notifies observers, on every path the runtime has for an
/// observed machine: a tabulated function (answered by its table), the same function called on every event,
/// a state type (decided before the machine marks itself busy) and a schema whose blocks run as hooks.
///
/// The rule: changes made while observers are being notified wait until the machine is done with the event,
/// and are applied before any event queued meanwhile is handled; changes made from a hook or from
/// `didTransition` (before the observers are called) take effect at once.
@Suite("Observer changes deferred during notifications")
struct DeferredObserverChangeTests {
    enum Lamp: CaseIterable, Equatable, StateMachineState {
        case red, green, yellow

        /// `change` cycles red → green → yellow → red; `fail` is ignored everywhere.
        static func next(from lamp: Lamp, on event: LampEvent) -> Lamp? {
            guard event == .change else { return nil }
            switch lamp {
            case .red: return .green
            case .green: return .yellow
            case .yellow: return .red
            }
        }

        func next(for event: LampEvent) -> StateTransition<Lamp> {
            guard let next = Lamp.next(from: self, on: event) else { return .ignore }
            return .to(next)
        }
    }

    enum LampEvent: CaseIterable, Equatable { case change, fail }

    /// What a schema's transition block calls: a hook the test sets.
    final class Hooks {
        var onTransition: (() -> Void)?
    }

    /// The machines the tests run, one per path of the runtime.
    enum Kind: CaseIterable {
        case tabulated, onEveryEvent, stateType, schema
    }

    /// Runs `body` with a new machine of `kind` (and the hooks its blocks call, for a schema).
    static func withMachine(
        _ kind: Kind,
        _ body: (any LampMachine, Hooks) -> Void
    ) {
        let hooks = Hooks()
        switch kind {
        case .tabulated, .onEveryEvent:
            let machine = StateMachine(
                initialState: Lamp.red, evaluation: kind == .tabulated ? .tabulatedWhenPossible : .onEveryEvent
            ) { (lamp: Lamp, event: LampEvent) in Lamp.next(from: lamp, on: event) }
            #expect(machine.definition.isTabulated == (kind == .tabulated))
            body(machine, hooks)
        case .stateType:
            body(StateMachine(initialState: Lamp.red), hooks)
        case .schema:
            let schema = StateMachineSchema<Lamp, LampEvent, Hooks>(initialState: .red, evaluation: .onEveryEvent) {
                lamp, event in
                guard let next = Lamp.next(from: lamp, on: event) else { return nil }
                return (next, { hooks in hooks.onTransition?() })
            }
            body(StateMachine(schema: schema, subject: hooks), hooks)
        }
    }

    @Test(arguments: Kind.allCases)
    func observersAreCalledInRegistrationOrder(kind: Kind) {
        Self.withMachine(kind) { machine, _ in
            var log: [String] = []
            for name in ["first", "second", "third"] {
                machine.observe { _, _, new in log.append("\(name) \(new)") }
            }
            machine.handle(.change)
            machine.handle(.fail)
            machine.handle(.change)
            #expect(
                log == [
                    "first green", "second green", "third green", "first yellow", "second yellow", "third yellow",
                ])
        }
    }

    /// An observer added during a notification is not called for it, but hears the event an observer
    /// queued meanwhile: the addition is applied before that event is handled.
    @Test(arguments: Kind.allCases)
    func anObserverAddedDuringANotificationHearsTheEventsQueuedMeanwhile(kind: Kind) {
        Self.withMachine(kind) { machine, _ in
            var log: [String] = []
            var outcomes: [EventOutcome] = []
            machine.observe { _, _, new in
                log.append("first \(new)")
                if new == .green {
                    outcomes.append(machine.send(.change))
                    machine.observe { _, _, new in log.append("added \(new)") }
                    #expect(machine.observerCount == 2)
                }
            }
            #expect(machine.handle(.change))
            #expect(outcomes == [.queued])
            #expect(log == ["first green", "first yellow", "added yellow"])
            #expect(machine.state == .yellow)
            #expect(machine.observerCount == 2)
        }
    }

    /// An observer removed during a notification is still called for it (as when iterating over a copy of
    /// the list), never for the event queued meanwhile.
    @Test(arguments: Kind.allCases)
    func anObserverRemovedDuringANotificationMissesTheEventsQueuedMeanwhile(kind: Kind) {
        Self.withMachine(kind) { machine, _ in
            var log: [String] = []
            var second: ObserverToken?
            machine.observe { _, _, new in
                log.append("first \(new)")
                if new == .green, let token = second {
                    #expect(machine.remove(token))
                    #expect(!machine.remove(token))
                    #expect(machine.observerCount == 1)
                    machine.send(.change)
                }
            }
            second = machine.observe { _, _, new in log.append("second \(new)") }
            machine.handle(.change)
            #expect(log == ["first green", "second green", "first yellow"])
            #expect(machine.observerCount == 1)
        }
    }

    /// A transition observer may add an ignored-event observer: it hears the ignored event queued meanwhile.
    @Test(arguments: Kind.allCases)
    func anIgnoredEventObserverAddedDuringANotificationHearsTheEventsQueuedMeanwhile(kind: Kind) {
        Self.withMachine(kind) { machine, _ in
            var log: [String] = []
            machine.observe { _, _, new in
                log.append("transition \(new)")
                if new == .green {
                    machine.send(.fail)
                    machine.observeIgnored { state, event in log.append("ignored \(event) in \(state)") }
                }
            }
            machine.handle(.change)
            #expect(log == ["transition green", "ignored fail in green"])
        }
    }

    /// A hook runs before the observers are notified: an observer it adds is called for the transition, and
    /// one it removes is not.
    @Test func observersChangedByAHookTakeEffectAtOnce() {
        Self.withMachine(.schema) { machine, hooks in
            var log: [String] = []
            machine.observe { _, _, new in log.append("first \(new)") }
            let doomed = machine.observe { _, _, new in log.append("doomed \(new)") }
            hooks.onTransition = {
                hooks.onTransition = nil
                machine.remove(doomed)
                machine.observe { _, _, new in log.append("added by a hook \(new)") }
            }
            machine.handle(.change)
            #expect(log == ["first green", "added by a hook green"])
        }
    }

    /// The same for an event an observer queued: the machine is done notifying of the event before when it
    /// handles the queued one, so its hook's changes take effect at once too.
    @Test func aHookOfAnEventQueuedByAnObserverChangesObserversAtOnce() {
        Self.withMachine(.schema) { machine, hooks in
            var log: [String] = []
            var doomed: ObserverToken?
            machine.observe { _, _, new in
                log.append("first \(new)")
                if new == .green {
                    hooks.onTransition = {
                        hooks.onTransition = nil
                        if let doomed { machine.remove(doomed) }
                        machine.observe { _, _, new in log.append("added by a hook \(new)") }
                    }
                    machine.send(.change)
                }
            }
            doomed = machine.observe { _, _, new in log.append("doomed \(new)") }
            machine.handle(.change)
            #expect(log == ["first green", "doomed green", "first yellow", "added by a hook yellow"])
        }
    }

    /// A chart of two states that `go` takes back and forth.
    static func goingBackAndForth() throws -> TestChart {
        try TestChart(initial: .a, context: Log()) {
            ChartState(.a) { OnEvent(E.go, target: .b) }
            ChartState(.b) { OnEvent(E.go, target: .a) }
        }
    }

    /// A chart machine's observed step follows the same rule: an observer removed during a notification is
    /// still called for it and not for the event queued meanwhile; one added then hears that event.
    @Test func aChartMachineDefersObserverChangesTheSameWay() throws {
        let machine = StateMachine(chart: try Self.goingBackAndForth())
        var log: [String] = []
        var second: ObserverToken?
        var transitions = 0
        machine.addObserver { _, _, _ in
            transitions += 1
            log.append("first \(transitions)")
            if transitions == 1, let token = second {
                #expect(machine.send(.go) == .queued)
                machine.removeObserver(token)
                machine.addObserver { _, _, _ in log.append("added \(transitions)") }
            }
        }
        second = machine.addObserver { _, _, _ in log.append("second \(transitions)") }
        machine.handle(.go)
        #expect(log == ["first 1", "second 1", "first 2", "added 2"])
        #expect(machine.observerCount == 2)
    }

    /// A chart machine with one observer calls it without the loop (`MachineSupport.callObservers`, through
    /// `ObserverList.soleObserver`): the observers called are exactly those attached, however many were added
    /// and removed before, and a sole observer removing itself hears its event but not the one it queued,
    /// which the observer it adds hears alone.
    @Test func aChartMachineCallsTheObserversLeftWhateverTheirNumber() throws {
        let machine = StateMachine(chart: try Self.goingBackAndForth())
        var log: [String] = []
        var count = 0
        let first = machine.addObserver { _, _, _ in
            count += 1
            log.append("first \(count)")
        }
        machine.handle(.go)
        let second = machine.addObserver { _, _, _ in log.append("second \(count)") }
        machine.handle(.go)
        machine.removeObserver(first)
        machine.handle(.go)
        machine.removeObserver(second)
        machine.handle(.go)
        var sole: ObserverToken?
        sole = machine.addObserver { _, _, _ in
            log.append("sole")
            if let token = sole {
                sole = nil
                machine.removeObserver(token)
                #expect(machine.send(.go) == .queued)
                machine.addObserver { _, _, _ in log.append("successor") }
            }
        }
        machine.handle(.go)
        #expect(log == ["first 1", "first 2", "second 2", "second 2", "sole", "successor"])
        #expect(machine.observerCount == 1)
    }

    /// What a chart's action reaches: the machine and the test's log. `@unchecked`: used on one thread.
    final class ChartActionReach: @unchecked Sendable {
        var machine: StateMachine<TestChart>?
        var log: [String] = []
        var doomed: ObserverToken?
    }

    /// A chart's actions run during the step, before the observers are notified, as a hook does: an
    /// observer an entry action adds is called for the transition, and one it removes is not.
    @Test func observersChangedByAChartActionTakeEffectAtOnce() throws {
        let reach = ChartActionReach()
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) { OnEvent(E.go, target: .b) }
            ChartState(.b) {
                OnEntry { _, _ in
                    guard let machine = reach.machine, let doomed = reach.doomed else { return }
                    reach.doomed = nil
                    machine.removeObserver(doomed)
                    machine.addObserver { _, _, _ in reach.log.append("added by an action") }
                }
            }
        }
        let machine = StateMachine(chart: chart)
        reach.machine = machine
        machine.addObserver { _, _, _ in reach.log.append("first") }
        reach.doomed = machine.addObserver { _, _, _ in reach.log.append("doomed") }
        machine.handle(.go)
        #expect(reach.log == ["first", "added by an action"])
        #expect(machine.observerCount == 2)
        reach.machine = nil
    }

    /// `didTransition` runs before the observers: an observer it adds is called for the same transition.
    @Test(arguments: Kind.allCases)
    func anObserverAddedByDidTransitionIsCalledForTheSameTransition(kind: Kind) {
        Self.withMachine(kind) { machine, _ in
            var log: [String] = []
            machine.observe { _, _, new in log.append("first \(new)") }
            machine.setDidTransition { _, _, new in
                log.append("didTransition \(new)")
                machine.setDidTransition(nil)
                machine.observe { _, _, new in log.append("added \(new)") }
            }
            machine.handle(.change)
            #expect(log == ["didTransition green", "first green", "added green"])
        }
    }

    /// A machine with one observer calls it without its list (`ObserverList.soleObserver`): whatever the
    /// number of observers added and removed before, the ones called are exactly those attached, in order.
    @Test(arguments: Kind.allCases)
    func theObserversCalledAreThoseLeftWhateverTheirNumber(kind: Kind) {
        Self.withMachine(kind) { machine, _ in
            var log: [String] = []
            let first = machine.observe { _, _, new in log.append("first \(new)") }
            machine.handle(.change)
            let second = machine.observe { _, _, new in log.append("second \(new)") }
            machine.handle(.change)
            #expect(machine.remove(first))
            machine.handle(.change)
            #expect(machine.remove(second))
            machine.handle(.change)
            machine.observe { _, _, new in log.append("third \(new)") }
            machine.handle(.change)
            #expect(
                log == [
                    "first green", "first yellow", "second yellow", "second red", "third yellow",
                ])
        }
    }

    /// The sole observer removing itself during its notification is called for it, and not for the event it
    /// queued meanwhile; an observer it adds then hears that event alone.
    @Test(arguments: Kind.allCases)
    func theSoleObserverRemovingItselfMissesTheEventItQueued(kind: Kind) {
        Self.withMachine(kind) { machine, _ in
            var log: [String] = []
            var token: ObserverToken?
            token = machine.observe { _, _, new in
                log.append("sole \(new)")
                if let current = token {
                    token = nil
                    #expect(machine.remove(current))
                    #expect(machine.send(.change) == .queued)
                    machine.observe { _, _, new in log.append("successor \(new)") }
                }
            }
            machine.handle(.change)
            #expect(log == ["sole green", "successor yellow"])
            #expect(machine.observerCount == 1)
        }
    }

    /// Events sent by an ignored-event observer or a transition observer are queued on every path, the
    /// state type's (which decides before marking itself busy) included.
    @Test(arguments: Kind.allCases)
    func observersOfEveryKindHaveTheirEventsQueued(kind: Kind) {
        Self.withMachine(kind) { machine, _ in
            var outcomes: [EventOutcome] = []
            var log: [String] = []
            machine.observeIgnored { state, _ in
                outcomes.append(machine.send(.change))
                log.append("ignored in \(state), now \(machine.state)")
            }
            machine.observe { _, _, new in
                log.append("transition \(new)")
                if new == .green { outcomes.append(machine.send(.change)) }
            }
            #expect(!machine.handle(.fail))
            #expect(outcomes == [.queued, .queued])
            #expect(log == ["ignored in red, now red", "transition green", "transition yellow"])
            #expect(machine.state == .yellow)
        }
    }
}

/// The part of `StateMachine` the tests of ``DeferredObserverChangeTests`` use, whatever its definition.
protocol LampMachine: AnyObject {
    typealias Lamp = DeferredObserverChangeTests.Lamp
    typealias LampEvent = DeferredObserverChangeTests.LampEvent
    var state: Lamp { get }
    var observerCount: Int { get }
    @discardableResult func handle(_ event: LampEvent) -> Bool
    @discardableResult func send(_ event: LampEvent) -> EventOutcome
    @discardableResult func observe(_ observer: @escaping (Lamp, LampEvent, Lamp) -> Void) -> ObserverToken
    @discardableResult func observeIgnored(_ observer: @escaping (Lamp, LampEvent) -> Void) -> ObserverToken
    @discardableResult func remove(_ token: ObserverToken) -> Bool
    func setDidTransition(_ observer: ((Lamp, LampEvent, Lamp) -> Void)?)
    var didTransition: ((Lamp, LampEvent, Lamp) -> Void)? { get }
}

extension StateMachine: LampMachine
where Definition.State == DeferredObserverChangeTests.Lamp, Definition.Event == DeferredObserverChangeTests.LampEvent {
    func observe(_ observer: @escaping (Lamp, LampEvent, Lamp) -> Void) -> ObserverToken { addObserver(observer) }
    func observeIgnored(_ observer: @escaping (Lamp, LampEvent) -> Void) -> ObserverToken {
        addIgnoredEventObserver(observer)
    }
    func remove(_ token: ObserverToken) -> Bool { removeObserver(token) }
    func setDidTransition(_ observer: ((Lamp, LampEvent, Lamp) -> Void)?) { didTransition = observer }
}
