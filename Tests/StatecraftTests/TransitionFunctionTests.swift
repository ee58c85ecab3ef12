import Statecraft
import Testing

@Suite("Transition function")
struct TransitionFunctionTests {
    enum Phase: Equatable { case draft, review(round: Int), published }
    enum Action { case submit, reject, approve }

    static let function: TransitionFunction<Phase, Action>.Function = { phase, action in
        switch (phase, action) {
        case (.draft, .submit): .review(round: 1)
        case (.review(let round), .reject): round < 3 ? .review(round: round + 1) : .draft
        case (.review, .approve): .published
        default: nil
        }
    }

    @Test func aMachineFromOneFunctionNeedsNoSubject() {
        let machine = StateMachine(initialState: Phase.draft, transition: Self.function)
        #expect(machine.handle(.submit))
        #expect(machine.state == .review(round: 1))
        #expect(machine.handle(.reject))
        #expect(machine.state == .review(round: 2))
        #expect(machine.handle(.approve))
        #expect(machine.state == .published)
        #expect(machine.handle(.submit) == false)
        #expect(machine.state == .published)
    }

    @Test func statesCarryPayloadsAndTheFunctionReadsThem() {
        let machine = StateMachine(initialState: Phase.draft, transition: Self.function)
        machine.handle(.submit)
        for _ in 0..<3 { machine.handle(.reject) }
        #expect(machine.state == .draft)
    }

    @Test func oneDefinitionSharedByTwoMachines() {
        let definition = TransitionFunction(initialState: Phase.draft, Self.function)
        let a = StateMachine(definition: definition)
        let b = StateMachine(definition: definition)
        a.handle(.submit)
        #expect(a.state == .review(round: 1))
        #expect(b.state == .draft)
    }
}
