import Statecraft
import Testing

/// A state type's machine whose support object holds nothing but transition observers handles an event by
/// its own path (`StateMachine.processWithObserversOnly`), which leaves out the ignored-event observers and
/// the effects (`didTransition` is a transition observer, the first). The machine's word records when the
/// object holds more than observers; these tests check that the record follows every addition — outside a
/// notification, from an observer during one, from a state's hook during the transition — by running the
/// same script on a machine that starts on that path and on one kept on the general path from the start (an
/// ignored-event observer that does nothing takes a machine off it for good), and comparing what each reports.
@Suite("The observed path of a state type")
struct ObserversOnlyPathTests {
    /// What a test adds to the machine's support object.
    enum Addition: CaseIterable {
        case didTransition, ignoredEventObserver, effect
    }

    /// Where a test adds it.
    enum Moment: CaseIterable {
        /// Between two events.
        case outsideANotification
        /// From an observer, while the machine notifies observers.
        case duringANotification
        /// From the entered state's `didEnter`, before the observers hear of the transition.
        case fromAHook
    }

    /// Hooks a test sets; the states call them.
    final class Hooks {
        var onEnter: ((Switch.Machine, Switch) -> Void)?
    }

    /// The events of both state types.
    enum Press: Sendable { case toggle, poke }

    /// A switch that `toggle` turns on and off and that ignores `poke`; its `didEnter` calls ``Hooks``.
    struct Switch: StateMachineState, CustomStringConvertible {
        var isOn: Bool
        let hooks: Hooks

        var description: String { isOn ? "on" : "off" }

        func next(for event: Press) -> StateTransition<Switch> {
            event == .toggle ? .to(Switch(isOn: !isOn, hooks: hooks)) : .ignore
        }

        func didEnter(from previous: Switch?, in machine: Machine) {
            hooks.onEnter?(machine, self)
        }
    }

    /// A hook-free state type: its hooks are the empty defaults, so the optimizer folds them away and the
    /// observed path stores its flags once.
    enum Lamp: StateMachineState {
        case off, on

        func next(for event: Press) -> StateTransition<Lamp> {
            event == .toggle ? .to(self == .off ? .on : .off) : .ignore
        }
    }

    /// Adds `addition` to `machine`, logging what it hears, once.
    static func add<S: StateMachineState>(
        _ addition: Addition, to machine: StateMachine<StateTypeDefinition<S>>, log: Log
    ) where S.Event: Sendable {
        switch addition {
        case .didTransition:
            machine.didTransition = { old, event, new in log.lines.append("didTransition \(old)-\(event)->\(new)") }
        case .ignoredEventObserver:
            machine.addIgnoredEventObserver { state, event in log.lines.append("ignored \(event) in \(state)") }
        case .effect:
            machine.startEffect(StateEffect { _ in })
            log.lines.append("effect started, \(machine.activeEffectCount) active")
        }
    }

    /// A log the closures append to.
    final class Log { var lines: [String] = [] }

    /// Runs the script on `machine`: an observer that logs (and, at `moment`, adds `addition` and a second
    /// observer once, and sends an event that is queued), then toggles and pokes. Returns the log, with the
    /// number of active effects after each event.
    static func run<S: StateMachineState>(
        _ machine: StateMachine<StateTypeDefinition<S>>, adding addition: Addition, at moment: Moment,
        hooks: Hooks?, log: Log
    ) -> [String] where S.Event == Press {
        var added = false
        func addOnce() {
            guard !added else { return }
            added = true
            add(addition, to: machine, log: log)
            machine.addObserver { old, event, new in log.lines.append("late \(old)-\(event)->\(new)") }
        }
        machine.addObserver { old, event, new in
            log.lines.append("observer \(old)-\(event)->\(new)")
            if moment == .duringANotification, !added {
                addOnce()
                #expect(machine.send(.poke) == .queued)
            }
        }
        if moment == .fromAHook {
            hooks?.onEnter = { machine, _ in
                addOnce()
                #expect(machine.send(.poke) == .queued)
            }
        }
        var outcomes: [Bool] = []
        for event: Press in [.poke, .toggle, .poke, .toggle, .poke, .toggle] {
            if moment == .outsideANotification, outcomes.count == 2 { addOnce() }
            outcomes.append(machine.handle(event))
            log.lines.append("handled \(event): \(outcomes.last!), \(machine.activeEffectCount) active")
        }
        #expect(outcomes == [false, true, false, true, false, true])
        return log.lines
    }

    /// Checks what `log`, the script's log on either path, must show of `addition` made at `moment`:
    /// `didTransition` heard from the transition after it is set (from the same one when a hook sets it),
    /// ignored events heard once their observer is there (the pokes queued meanwhile included), the effect
    /// ended by the next change of state.
    static func expectHeard(_ addition: Addition, at moment: Moment, in log: [String]) {
        switch addition {
        case .didTransition:
            #expect(log.filter { $0.hasPrefix("didTransition") }.count == (moment == .fromAHook ? 3 : 2))
        case .ignoredEventObserver:
            // The two pokes handled after the addition, and those queued by the observer (once) or the hook (at
            // every transition).
            let queued = [Moment.outsideANotification: 0, .duringANotification: 1, .fromAHook: 3][moment]!
            #expect(log.filter { $0.hasPrefix("ignored") }.count == 2 + queued)
        case .effect:
            let handled = log.filter { $0.hasPrefix("handled") }
            #expect(handled[2] == "handled poke: false, 1 active")
            #expect(handled[3] == "handled toggle: true, 0 active")
        }
    }

    /// Whatever is added, wherever, the machine on the observed path hears what the machine kept on the
    /// general path hears, in the same order (see ``expectHeard(_:at:in:)``).
    @Test(arguments: Addition.allCases, Moment.allCases)
    func aSwitchRunsTheSameOnBothPaths(addition: Addition, moment: Moment) {
        var logs: [[String]] = []
        for general in [false, true] {
            let hooks = Hooks()
            let machine = StateMachine(initialState: Switch(isOn: false, hooks: hooks))
            if general { machine.addIgnoredEventObserver { _, _ in } }
            logs.append(Self.run(machine, adding: addition, at: moment, hooks: hooks, log: Log()))
            Self.expectHeard(addition, at: moment, in: logs.last!)
        }
        #expect(logs[0] == logs[1])
    }

    /// The same for the hook-free state type, whose observed path the optimizer reduces to the decision,
    /// the flags' store and the observers' calls.
    @Test(arguments: Addition.allCases, [Moment.outsideANotification, .duringANotification])
    func aHookFreeStateTypeRunsTheSameOnBothPaths(addition: Addition, moment: Moment) {
        var logs: [[String]] = []
        for general in [false, true] {
            let machine = StateMachine(initialState: Lamp.off)
            if general { machine.addIgnoredEventObserver { _, _ in } }
            logs.append(Self.run(machine, adding: addition, at: moment, hooks: nil, log: Log()))
            Self.expectHeard(addition, at: moment, in: logs.last!)
        }
        #expect(logs[0] == logs[1])
    }

    /// Adding and removing transition observers keeps the machine on its observed path, which calls those
    /// attached, in order, whatever their number: none, one, two.
    @Test func observersAddedAndRemovedAreCalledOnTheObservedPath() {
        let machine = StateMachine(initialState: Lamp.off)
        var log: [String] = []
        let first = machine.addObserver { _, _, new in log.append("first \(new)") }
        machine.handle(.toggle)
        let second = machine.addObserver { _, _, new in log.append("second \(new)") }
        machine.handle(.toggle)
        machine.removeObserver(first)
        machine.handle(.toggle)
        machine.removeObserver(second)
        machine.handle(.toggle)
        #expect(machine.state == .off)
        #expect(log == ["first on", "first off", "second off", "second on"])
    }
}
