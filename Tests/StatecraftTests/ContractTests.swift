import Statecraft
import Testing

/// The public contract of issue 2, written exactly as programs outside the project use it.
@Suite("Public contract")
struct ContractTests {
    enum ExampleState { case list, refreshing, error }
    enum ExampleEvent { case refresh, showList, showError, dismissError }

    final class Subject { var log: [String] = [] }

    @Test func schemaMachineHandleAndDidTransition() {
        let schema = StateMachineSchema<ExampleState, ExampleEvent, Subject>(initialState: .list) { state, event in
            switch (state, event) {
            case (.list, .refresh): return (.refreshing, { $0.log.append("refresh") })
            case (.refreshing, .showList): return (.list, nil)
            default: return nil
            }
        }
        let subject = Subject()
        let machine = StateMachine(schema: schema, subject: subject)
        var seen: [(ExampleState, ExampleEvent, ExampleState)] = []
        machine.didTransition = { oldState, event, newState in seen.append((oldState, event, newState)) }

        #expect(machine.state == .list)
        #expect(machine.handle(.dismissError) == false)
        #expect(machine.handle(.refresh))
        #expect(machine.state == .refreshing)
        #expect(subject.log == ["refresh"])
        #expect(seen.count == 1)
        #expect(seen.first.map { $0.0 == .list && $0.1 == .refresh && $0.2 == .refreshing } == true)
    }
}
