import Statecraft
import StatecraftTestSupport
import Testing

/// When a transition function is tabulated (see `LogicEvaluation`), and that a tabulated function answers
/// exactly what the function answers. Tests taking a `LogicEvaluation` run on both paths.
@Suite("Tabulated logic")
struct TabulatedLogicTests {
    enum Light: CaseIterable, Equatable { case red, green, yellow, off }
    enum LightEvent: CaseIterable { case change, fail, repair }

    /// A traffic light; `off` ignores everything but `repair`. Counts its calls.
    static func lightLogic(calls: Counter) -> @Sendable (Light, LightEvent) -> Light? {
        { light, event in
            calls.increment()
            switch (light, event) {
            case (.red, .change): return .green
            case (.green, .change): return .yellow
            case (.yellow, .change): return .red
            case (.off, .repair): return .red
            case (.off, _), (_, .repair): return nil
            case (_, .fail): return .off
            }
        }
    }

    @Test func aTabulatedFunctionIsCalledOncePerPairAndNeverPerEvent() {
        let calls = Counter()
        let function = TransitionFunction(initialState: Light.red, Self.lightLogic(calls: calls))
        #expect(function.isTabulated)
        #expect(calls.value == 4 * 3)
        let machine = StateMachine(definition: function)
        for event in [LightEvent.change, .change, .repair, .fail, .change, .repair, .change] { machine.handle(event) }
        #expect(machine.state == .green)
        #expect(calls.value == 4 * 3) // no call after creation
    }

    @Test func aFunctionCalledOnEveryEventIsNotTabulated() {
        let calls = Counter()
        let function = TransitionFunction(
            initialState: Light.red, evaluation: .onEveryEvent, Self.lightLogic(calls: calls))
        #expect(function.isTabulated == false)
        #expect(calls.value == 0)
        let machine = StateMachine(definition: function)
        machine.handle(.change)
        machine.handle(.repair)
        #expect(calls.value == 2)
        #expect(machine.state == .green)
    }

    /// Every state and event pair, on both paths, gives the logic's answer.
    @Test(arguments: LogicEvaluation.allCases)
    func everyPairAnswersWhatTheLogicAnswers(evaluation: LogicEvaluation) {
        let logic = Self.lightLogic(calls: Counter())
        let function = TransitionFunction(initialState: Light.red, evaluation: evaluation, logic)
        #expect(function.isTabulated == (evaluation == .tabulatedWhenPossible))
        for light in Light.allCases {
            for event in LightEvent.allCases {
                #expect(function.decide(state: light, event: event)?.target == logic(light, event))
            }
        }
    }

    @Test(arguments: LogicEvaluation.allCases)
    func aFunctionMachineRunsTheSameOnBothPaths(evaluation: LogicEvaluation) {
        let calls = Counter()
        let machine = StateMachine(
            initialState: Light.red, evaluation: evaluation, transition: Self.lightLogic(calls: calls))
        var seen: [Light] = []
        machine.addObserver { _, _, new in seen.append(new) }
        var ignored = 0
        machine.addIgnoredEventObserver { _, _ in ignored += 1 }
        let callsAtCreation = calls.value
        for event in [LightEvent.change, .repair, .change, .fail, .change, .repair] { machine.handle(event) }
        #expect(seen == [.green, .yellow, .off, .red])
        #expect(ignored == 2)
        #expect(calls.value - callsAtCreation == (evaluation == .tabulatedWhenPossible ? 0 : 6))
    }

    /// Raw values do not matter: the table is indexed by the cases, whatever their raw values.
    /// A tabulated machine whose only listeners are transition observers answers by its table and calls
    /// them (the observed path, through `handle` and `send`); it must behave as the function called on
    /// every event: events the
    /// observers send are queued and handled after the current one, an observer removed during a
    /// notification is still called for it, and one added is first called for the next transition.
    @Test(arguments: LogicEvaluation.allCases)
    func anObservedMachineRunsTheSameOnBothPaths(evaluation: LogicEvaluation) {
        let machine = StateMachine(
            definition: TransitionFunction(
                initialState: Light.red, evaluation: evaluation, Self.lightLogic(calls: Counter())))
        #expect(machine.definition.isTabulated == (evaluation == .tabulatedWhenPossible))
        var log: [String] = []
        var late: ObserverToken?
        var first: ObserverToken?
        first = machine.addObserver { old, event, new in
            log.append("first \(old)-\(event)->\(new)")
            if new == .yellow {
                #expect(machine.handle(.change) == false) // queued: handled after this one
                #expect(machine.state == .yellow)
            }
            if new == .off, let token = first {
                machine.removeObserver(token)
                late = machine.addObserver { old, event, new in log.append("late \(old)-\(event)->\(new)") }
            }
        }
        machine.addObserver { old, event, new in log.append("second \(old)-\(event)->\(new)") }
        var outcomes: [EventOutcome] = []
        for (index, event): (Int, LightEvent) in [.repair, .change, .change, .fail, .fail, .repair].enumerated() {
            if index.isMultiple(of: 2) {
                outcomes.append(machine.handle(event) ? .transitioned : .ignored)
            } else {
                outcomes.append(machine.send(event))
            }
        }
        #expect(outcomes == [.ignored, .transitioned, .transitioned, .transitioned, .ignored, .transitioned])
        #expect(
            log == [
                "first red-change->green", "second red-change->green",
                "first green-change->yellow", "second green-change->yellow",
                "first yellow-change->red", "second yellow-change->red",
                "first red-fail->off", "second red-fail->off",
                "second off-repair->red", "late off-repair->red",
            ])
        #expect(machine.state == .red)
        #expect(late != nil)
    }

    /// Adding an ignored-event observer to an observed tabulated machine takes it off the observed path for
    /// good, setting `didTransition` (an observer) does not: each is heard from then on, whichever comes first.
    @Test(arguments: LogicEvaluation.allCases, [false, true])
    func didTransitionAndIgnoredEventObserversAreHeardWhenAddedLater(
        evaluation: LogicEvaluation, ignoredFirst: Bool
    ) {
        let machine = StateMachine(
            definition: TransitionFunction(
                initialState: Light.red, evaluation: evaluation, Self.lightLogic(calls: Counter())))
        var log: [String] = []
        machine.addObserver { _, event, new in log.append("observer \(event)->\(new)") }
        machine.handle(.change)
        if ignoredFirst {
            machine.addIgnoredEventObserver { state, event in log.append("ignored \(event) in \(state)") }
            machine.handle(.repair)
            machine.didTransition = { _, event, new in log.append("didTransition \(event)->\(new)") }
            machine.handle(.change)
        } else {
            machine.didTransition = { _, event, new in log.append("didTransition \(event)->\(new)") }
            machine.handle(.change)
            machine.addIgnoredEventObserver { state, event in log.append("ignored \(event) in \(state)") }
            machine.handle(.repair)
        }
        machine.didTransition = nil
        machine.handle(.change)
        let ignored = ignoredFirst ? "ignored repair in green" : "ignored repair in yellow"
        let changed = ["didTransition change->yellow", "observer change->yellow"]
        #expect(
            log == ["observer change->green"] + (ignoredFirst ? [ignored] + changed : changed + [ignored])
                + ["observer change->red"])
    }

    @Test func rawRepresentableEnumsWithAnyRawValuesAreTabulated() {
        enum Level: String, CaseIterable { case low = "zz", high = "aa", middle = "mm" }
        enum Turn: Int8, CaseIterable { case up = -3, down = 100 }
        let function = TransitionFunction(initialState: Level.low) { (level: Level, turn: Turn) -> Level? in
            switch (level, turn) {
            case (.low, .up): .middle
            case (.middle, .up): .high
            case (.high, .down): .middle
            case (.middle, .down): .low
            default: nil
            }
        }
        #expect(function.isTabulated)
        let machine = StateMachine(definition: function)
        #expect(machine.handle(.up) && machine.handle(.up) && !machine.handle(.up))
        #expect(machine.state == .high)
        #expect(machine.handle(.down) && machine.handle(.down))
        #expect(machine.state == .low)
    }

    @Test func aSingleCaseTypeIsTabulated() {
        enum Only: CaseIterable { case only }
        let function = TransitionFunction(initialState: Only.only) { (_: Only, event: LightEvent) in
            event == .change ? .only : nil
        }
        #expect(function.isTabulated)
        let machine = StateMachine(definition: function)
        #expect(machine.handle(.change))
        #expect(machine.handle(.fail) == false)
    }

    /// Types with payloads, types that are not `CaseIterable`, and types larger than a byte run the logic
    /// on every event.
    @Test func typesThatDoNotQualifyAreNotTabulated() {
        enum Payload: CaseIterable, Equatable {
            case idle, busy(Int)
            static var allCases: [Payload] { [.idle, .busy(1)] }
        }
        enum Plain { case a, b }
        let payload = TransitionFunction(initialState: Payload.idle) { (state: Payload, _: LightEvent) in
            if case .busy(let n) = state { .busy(n + 1) } else { .busy(1) }
        }
        let plain = TransitionFunction(initialState: Plain.a) { (_: Plain, _: LightEvent) in Plain.b }
        let wide = TransitionFunction(initialState: 0) { (count: Int, _: LightEvent) in count + 1 }
        #expect(payload.isTabulated == false)
        #expect(plain.isTabulated == false)
        #expect(wide.isTabulated == false)
        let machine = StateMachine(definition: payload)
        machine.handle(.change)
        machine.handle(.change)
        #expect(machine.state == .busy(2))
    }

    /// A hand-written `allCases` that leaves a state out: events in that state ask the logic.
    @Test func aStateAllCasesLeavesOutAsksTheLogic() {
        enum Room: CaseIterable, Equatable {
            case hall, kitchen, attic
            static var allCases: [Room] { [.hall, .kitchen] }
        }
        let calls = Counter()
        let function = TransitionFunction(initialState: Room.attic) { (room: Room, event: LightEvent) -> Room? in
            calls.increment()
            guard event == .change else { return nil }
            return room == .hall ? .kitchen : .hall
        }
        #expect(function.isTabulated)
        #expect(calls.value == 2 * 3)
        let machine = StateMachine(definition: function)
        #expect(machine.handle(.change)) // attic is not in the table: asks the logic
        #expect(machine.state == .hall)
        #expect(calls.value == 2 * 3 + 1)
        #expect(machine.handle(.change)) // hall is: no call
        #expect(machine.state == .kitchen)
        #expect(machine.handle(.fail) == false)
        #expect(calls.value == 2 * 3 + 1)
    }

    /// A table names target states by their byte, next to two sentinel bytes: a one-byte type one of whose
    /// listed values has a sentinel's byte is not tabulated, and its machine still reaches that value.
    @Test func aValueWithASentinelByteIsNotTabulated() {
        struct Level: CaseIterable, Equatable {
            let byte: UInt8
            static let allCases = [Level(byte: 0), Level(byte: 0xFF), Level(byte: 0xFE)]
        }
        let function = TransitionFunction(initialState: Level(byte: 0)) { (level: Level, event: LightEvent) -> Level? in
            switch (level.byte, event) {
            case (0, .change): Level(byte: 0xFF)
            case (0xFF, .change): Level(byte: 0xFE)
            case (0xFE, .change): Level(byte: 0)
            default: nil
            }
        }
        #expect(function.isTabulated == false)
        let machine = StateMachine(definition: function)
        #expect(machine.handle(.change))
        #expect(machine.state == Level(byte: 0xFF))
        #expect(machine.handle(.change))
        #expect(machine.state == Level(byte: 0xFE))
        #expect(machine.handle(.fail) == false)
        #expect(machine.handle(.change))
        #expect(machine.state == Level(byte: 0))
    }

    /// A logic that leads to a state `allCases` does not list cannot be tabulated.
    @Test func aTargetAllCasesLeavesOutPreventsTheTable() {
        enum Room: CaseIterable, Equatable {
            case hall, kitchen, attic
            static var allCases: [Room] { [.hall, .kitchen] }
        }
        let function = TransitionFunction(initialState: Room.hall) { (room: Room, event: LightEvent) -> Room? in
            event == .change ? (room == .hall ? .attic : .hall) : nil
        }
        #expect(function.isTabulated == false)
        let machine = StateMachine(definition: function)
        #expect(machine.handle(.change))
        #expect(machine.state == .attic)
    }
}
