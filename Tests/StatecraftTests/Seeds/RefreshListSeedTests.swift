import Statecraft
import Testing

/// Seed 001: the list / refreshing / error screen, with its printed actions.
@Suite("Seed 001: refresh list")
struct RefreshListSeedTests {
    enum ExampleState { case list, refreshing, error }
    enum ExampleEvent { case refresh, showList, showError, dismissError }

    /// Stands in for `print`: the transition blocks "print" into it.
    final class Console { var lines: [String] = [] }

    static let schema = StateMachineSchema<ExampleState, ExampleEvent, Console>(initialState: .list) { state, event in
        switch state {
        case .list:
            switch event {
            case .refresh: return (.refreshing, { $0.lines.append("refresh") })
            case .showList, .showError, .dismissError: return nil
            }
        case .refreshing:
            switch event {
            case .refresh: return nil
            case .showList: return (.list, { $0.lines.append("show list") })
            case .showError: return (.error, { $0.lines.append("show error") })
            case .dismissError: return nil
            }
        case .error:
            switch event {
            case .refresh: return (.refreshing, { $0.lines.append("refresh") })
            case .showList: return nil
            case .showError: return nil
            case .dismissError: return (.list, { $0.lines.append("dismiss error") })
            }
        }
    }

    @Test func theSeedsSession() {
        let console = Console()
        let machine = StateMachine(schema: Self.schema, subject: console)
        var changes = 0
        machine.didTransition = { _, _, _ in changes += 1 }

        #expect(machine.handle(.dismissError) == false) // nothing happens
        #expect(machine.state == .list)
        #expect(console.lines.isEmpty)

        #expect(machine.handle(.refresh))
        #expect(machine.state == .refreshing)
        #expect(console.lines == ["refresh"])

        machine.handle(.showError)
        machine.handle(.refresh)
        machine.handle(.showError)
        machine.handle(.dismissError)
        #expect(machine.state == .list)
        #expect(console.lines == ["refresh", "show error", "refresh", "show error", "dismiss error"])
        #expect(changes == 5)
    }
}
