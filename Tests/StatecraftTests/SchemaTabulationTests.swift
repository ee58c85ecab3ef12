import Statecraft
import StatecraftTestSupport
import Testing

/// A schema over payload-free `CaseIterable` types evaluates its logic once per state–event pair and then
/// steps by table lookups (see `LogicEvaluation`); it must behave exactly as the logic called on every
/// event. Tests taking a `LogicEvaluation` run on both paths.
@Suite("Schema tabulation")
struct SchemaTabulationTests {
    enum Door: CaseIterable, Equatable, Sendable { case closed, open, locked, broken }
    enum Action: CaseIterable, Equatable, Sendable { case push, pull, lock, unlock, kick }

    /// What the door's blocks record, in order.
    final class Log {
        var entries: [String] = []
    }

    /// The door's logic: guards that depend only on the state and the event, `nil` for ignored events,
    /// a block on some transitions and none on others. Counts its calls.
    static func doorLogic(calls: Counter) -> StateMachineSchema<Door, Action, Log>.TransitionLogic {
        { door, action in
            calls.increment()
            switch (door, action) {
            case (.closed, .push): return (.open, { $0.entries.append("opened") })
            case (.open, .pull): return (.closed, nil)
            case (.closed, .lock): return (.locked, { $0.entries.append("locked") })
            case (.locked, .unlock): return (.closed, { $0.entries.append("unlocked") })
            case (.broken, _): return nil
            case (_, .kick) where door != .locked: return (.broken, { $0.entries.append("broken") })
            default: return nil
            }
        }
    }

    static func schema(evaluation: LogicEvaluation, calls: Counter = Counter())
        -> StateMachineSchema<Door, Action, Log>
    {
        StateMachineSchema(initialState: .closed, evaluation: evaluation, transitionLogic: doorLogic(calls: calls))
    }

    @Test func aTabulatedSchemaCallsItsLogicOncePerPairAndNeverPerEvent() {
        let calls = Counter()
        let schema = Self.schema(evaluation: .tabulatedWhenPossible, calls: calls)
        #expect(schema.isTabulated)
        #expect(calls.value == 4 * 5)
        let log = Log()
        let machine = StateMachine(schema: schema, subject: log)
        for action in [Action.push, .pull, .lock, .push, .unlock, .kick, .push] { machine.handle(action) }
        #expect(machine.state == .broken)
        #expect(log.entries == ["opened", "locked", "unlocked", "broken"])
        #expect(calls.value == 4 * 5) // no call after creation
    }

    @Test func aSchemaCalledOnEveryEventIsNotTabulated() {
        let calls = Counter()
        let schema = Self.schema(evaluation: .onEveryEvent, calls: calls)
        #expect(schema.isTabulated == false)
        #expect(calls.value == 0)
        let machine = StateMachine(schema: schema, subject: Log())
        machine.handle(.push)
        machine.handle(.lock)
        #expect(calls.value == 2)
        #expect(machine.state == .open)
    }

    /// Every pair, on both paths, leads where the logic leads, ignores what it ignores and runs the block
    /// it returns (or none).
    @Test(arguments: LogicEvaluation.allCases)
    func everyPairAnswersWhatTheLogicAnswers(evaluation: LogicEvaluation) {
        let logic = Self.doorLogic(calls: Counter())
        let schema = Self.schema(evaluation: evaluation)
        for door in Door.allCases {
            for action in Action.allCases {
                let expected = logic(door, action)
                let decision = schema.decide(state: door, event: action)
                #expect(decision?.target == expected?.0, "\(door) on \(action)")
                #expect(decision?.kind == (expected == nil ? nil : .change))
                let expectedLog = Log()
                expected?.1?(expectedLog)
                let log = Log()
                (decision?.action ?? nil)?(log)
                #expect(log.entries == expectedLog.entries, "\(door) on \(action)")
            }
        }
    }

    /// Machines on both paths go through the same states, run the same blocks and tell `didTransition`,
    /// the observers and the ignored-event observers the same things, in the same order.
    @Test(arguments: LogicEvaluation.allCases)
    func aSchemaMachineRunsTheSameOnBothPaths(evaluation: LogicEvaluation) {
        let log = Log()
        let machine = StateMachine(schema: Self.schema(evaluation: evaluation), subject: log)
        machine.didTransition = { old, _, new in log.entries.append("didTransition \(old)→\(new)") }
        machine.addObserver { _, action, new in log.entries.append("observer \(action)→\(new)") }
        machine.addIgnoredEventObserver { door, action in log.entries.append("ignored \(action) in \(door)") }
        let outcomes = [Action.pull, .push, .lock, .pull, .kick, .push].map { machine.send($0) }
        #expect(outcomes == [.ignored, .transitioned, .ignored, .transitioned, .transitioned, .ignored])
        #expect(machine.state == .broken)
        #expect(
            log.entries == [
                "ignored pull in closed",
                "opened", "didTransition closed→open", "observer push→open",
                "ignored lock in open",
                "didTransition open→closed", "observer pull→closed",
                "broken", "didTransition closed→broken", "observer kick→broken",
                "ignored push in broken",
            ])
    }

    /// A machine with transition observers alone, whose transitions without a block the table answers and
    /// reports to them while those with one go the general way, runs the same on both paths, with one observer
    /// or two, through `handle(_:)` and `send(_:)` alike: the blocks run, the observers hear every transition
    /// in order, and an event an observer handles is queued, even one the table answers without a hook.
    @Test(arguments: LogicEvaluation.allCases, [1, 2])
    func anObservedSchemaMachineRunsTheSameOnBothPaths(evaluation: LogicEvaluation, observers: Int) {
        let log = Log()
        let machine = StateMachine(schema: Self.schema(evaluation: evaluation), subject: log)
        var handledInside: [Bool] = []
        machine.addObserver { old, action, new in
            log.entries.append("first \(old)→\(new)")
            if action == .push, handledInside.isEmpty { handledInside.append(machine.handle(.pull)) }
        }
        if observers == 2 { machine.addObserver { _, action, _ in log.entries.append("second \(action)") } }
        let actions: [Action] = [.pull, .push, .push, .lock, .pull, .kick, .push]
        var handled: [Bool] = []
        for (index, action) in actions.enumerated() {
            handled.append(Self.deliver(action, at: index, to: machine))
        }
        #expect(handled == [false, true, true, false, true, true, false])
        #expect(handledInside == [false])
        #expect(machine.state == .broken)
        let expected = [
            "opened", "first closed→open", "second push", "first open→closed", "second pull",
            "opened", "first closed→open", "second push", "first open→closed", "second pull",
            "broken", "first closed→broken", "second kick",
        ]
        #expect(log.entries == expected.filter { observers == 2 || !$0.hasPrefix("second") })
    }

    /// Delivers the action at `index` of a sequence: by `handle(_:)` at even positions, by `send(_:)` at odd
    /// ones, so that both entry points run. Returns whether the machine transitioned.
    static func deliver(
        _ action: Action, at index: Int, to machine: StateMachine<StateMachineSchema<Door, Action, Log>>
    )
        -> Bool
    {
        index.isMultiple(of: 2) ? machine.handle(action) : machine.send(action) == .transitioned
    }

    /// A machine nobody observes, whose transitions without a block the table answers without the machine
    /// marking itself busy, reaches the same states and runs the same blocks on both paths, through
    /// `handle(_:)` and `send(_:)` alike.
    @Test(arguments: LogicEvaluation.allCases)
    func anUnobservedSchemaMachineRunsTheSameOnBothPaths(evaluation: LogicEvaluation) {
        let log = Log()
        let machine = StateMachine(schema: Self.schema(evaluation: evaluation), subject: log)
        let actions: [Action] = [.pull, .push, .lock, .pull, .lock, .kick, .unlock, .push, .kick, .push]
        var states: [Door] = []
        var handled: [Bool] = []
        for (index, action) in actions.enumerated() {
            handled.append(Self.deliver(action, at: index, to: machine))
            states.append(machine.state)
        }
        #expect(handled == [false, true, false, true, true, false, true, true, true, false])
        #expect(states == [.closed, .open, .open, .closed, .locked, .locked, .closed, .open, .broken, .broken])
        #expect(log.entries == ["opened", "locked", "unlocked", "opened", "broken"])
    }

    /// Events sent from a tabulated block are queued and handled after the current one.
    @Test(arguments: LogicEvaluation.allCases)
    func eventsSentFromABlockAreQueued(evaluation: LogicEvaluation) {
        final class Subject {
            var machine: StateMachine<StateMachineSchema<Door, Action, Subject>>?
            var seen: [Door] = []
        }
        let schema = StateMachineSchema<Door, Action, Subject>(initialState: .closed, evaluation: evaluation) {
            door, action in
            switch (door, action) {
            case (.closed, .push):
                return (
                    .open,
                    { subject in
                        #expect(subject.machine?.send(.pull) == .queued)
                        subject.seen.append(subject.machine!.state)
                    }
                )
            case (.open, .pull): return (.closed, { subject in subject.seen.append(subject.machine!.state) })
            default: return nil
            }
        }
        #expect(schema.isTabulated == (evaluation == .tabulatedWhenPossible))
        let subject = Subject()
        let machine = StateMachine(schema: schema, subject: subject)
        subject.machine = machine
        #expect(machine.send(.push) == .transitioned)
        #expect(subject.seen == [.open, .closed])
        #expect(machine.state == .closed)
        subject.machine = nil
    }

    /// An event the table answers without a hook, sent from a block while the machine handles another
    /// event, is queued too: the machine's lookup is put away while the definition runs, whether the
    /// outer event came through `handle` or `send`, and is back for the events after.
    @Test(arguments: [false, true])
    func aHookFreeEventSentFromABlockIsQueued(outerBySend: Bool) {
        final class Subject {
            var machine: StateMachine<StateMachineSchema<Door, Action, Subject>>?
            var inner: [Bool] = []
            var seen: [Door] = []
        }
        let schema = StateMachineSchema<Door, Action, Subject>(initialState: .closed) { door, action in
            switch (door, action) {
            case (.closed, .push):
                return (
                    .open,
                    { subject in
                        subject.inner.append(subject.machine!.handle(.pull))
                        subject.inner.append(subject.machine!.send(.lock) == .transitioned)
                        subject.seen.append(subject.machine!.state)
                    }
                )
            case (.open, .pull): return (.closed, nil)
            case (.closed, .lock): return (.locked, nil)
            case (.locked, .unlock): return (.closed, nil)
            default: return nil
            }
        }
        #expect(schema.isTabulated)
        let subject = Subject()
        let machine = StateMachine(schema: schema, subject: subject)
        subject.machine = machine
        if outerBySend {
            #expect(machine.send(.push) == .transitioned)
        } else {
            #expect(machine.handle(.push))
        }
        #expect(subject.inner == [false, false])
        #expect(subject.seen == [.open])
        #expect(machine.state == .locked)
        #expect(machine.pendingEventCount == 0)
        #expect(machine.handle(.unlock))
        #expect(machine.state == .closed)
        subject.machine = nil
    }

    /// A block kept in the table is released with the schema, not before.
    @Test func theTableKeepsItsBlocksAliveAndReleasesThemWithTheSchema() {
        final class Token: Sendable {}
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let schema = StateMachineSchema<Door, Action, Log>(initialState: .closed) { door, action in
                door == .closed && action == .push ? (.open, { [token] log in log.entries.append("\(token)") }) : nil
            }
            #expect(schema.isTabulated)
            let log = Log()
            let machine = StateMachine(schema: schema, subject: log)
            machine.handle(.push)
            #expect(log.entries.count == 1)
            #expect(weakToken != nil)
        }
        #expect(weakToken == nil)
    }

    /// A schema with effects is tabulated too, and still starts each state's effect when it is entered.
    @Test(arguments: LogicEvaluation.allCases)
    func aSchemaWithEffectsStartsThemOnBothPaths(evaluation: LogicEvaluation) {
        let entered = Counter()
        let schema = StateMachineSchema<Door, Action, Void>(
            initialState: .closed, evaluation: evaluation,
            transitionLogic: { door, action in
                switch (door, action) {
                case (.closed, .push): (.open, nil)
                case (.open, .pull): (.closed, nil)
                default: nil
                }
            },
            effects: { door, _ in
                entered.increment()
                return door == .open ? .send(.pull, after: .seconds(60)) : nil
            })
        #expect(schema.isTabulated == (evaluation == .tabulatedWhenPossible))
        let machine = StateMachine(schema: schema)
        #expect(entered.value == 1)
        #expect(machine.handle(.push))
        #expect(machine.handle(.lock) == false)
        #expect(machine.handle(.pull))
        #expect(entered.value == 3)
        #expect(machine.state == .closed)
    }

    /// Types with payloads, types that are not `CaseIterable` and types larger than a byte are not
    /// tabulated, and their schemas call the logic on every event.
    @Test func schemasWhoseTypesDoNotQualifyCallTheirLogicOnEveryEvent() {
        enum Plain: Equatable { case a, b }
        enum Loading: CaseIterable, Equatable {
            case idle, loading(Int)
            static var allCases: [Loading] { [.idle, .loading(0)] }
        }
        let calls = Counter()
        let plain = StateMachineSchema<Plain, Action, Void>(initialState: .a) { state, action in
            calls.increment()
            return action == .push ? (state == .a ? .b : .a, nil) : nil
        }
        let payload = StateMachineSchema<Loading, Action, Void>(initialState: .idle) { state, action in
            guard action == .push else { return nil }
            if case .loading(let step) = state { return (.loading(step + 1), nil) }
            return (.loading(1), nil)
        }
        let wide = StateMachineSchema<Int, Action, Void>(initialState: 0) { count, _ in (count + 1, nil) }
        #expect(plain.isTabulated == false)
        #expect(payload.isTabulated == false)
        #expect(wide.isTabulated == false)
        let plainMachine = StateMachine(schema: plain)
        #expect(plainMachine.handle(.push) && plainMachine.handle(.push) && !plainMachine.handle(.kick))
        #expect(plainMachine.state == .a)
        #expect(calls.value == 3)
        let payloadMachine = StateMachine(schema: payload)
        payloadMachine.handle(.push)
        payloadMachine.handle(.push)
        #expect(payloadMachine.state == .loading(2))
        let wideMachine = StateMachine(schema: wide)
        wideMachine.handle(.kick)
        #expect(wideMachine.state == 1)
    }

    /// A state that a hand-written `allCases` leaves out is handled by asking the logic.
    @Test func aStateAllCasesLeavesOutAsksTheLogic() {
        enum Room: CaseIterable, Equatable {
            case hall, kitchen, attic
            static var allCases: [Room] { [.hall, .kitchen] }
        }
        let calls = Counter()
        let schema = StateMachineSchema<Room, Action, Log>(initialState: .attic) { room, action in
            calls.increment()
            guard action == .push else { return nil }
            return (room == .hall ? .kitchen : .hall, { $0.entries.append("moved") })
        }
        #expect(schema.isTabulated)
        #expect(calls.value == 2 * 5)
        let log = Log()
        let machine = StateMachine(schema: schema, subject: log)
        #expect(machine.handle(.push)) // attic is not in the table: asks the logic
        #expect(calls.value == 2 * 5 + 1)
        #expect(machine.handle(.push)) // hall is: no call
        #expect(machine.handle(.kick) == false)
        #expect(calls.value == 2 * 5 + 1)
        #expect(machine.state == .kitchen)
        #expect(log.entries == ["moved", "moved"])
    }
}
