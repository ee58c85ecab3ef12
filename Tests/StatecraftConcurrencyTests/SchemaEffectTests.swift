import Statecraft
import StatecraftTesting
import Testing

/// Effects declared per state in a shared schema.
@MainActor
@Suite("Schema effects")
struct SchemaEffectTests {
    enum Screen: Sendable, Equatable { case list, refreshing, error }
    enum ScreenEvent: Sendable, Equatable { case refresh, showList, showError, dismissError }

    static func schema(refresh: @escaping @Sendable () async throws -> Void) -> StateMachineSchema<
        Screen, ScreenEvent, Void
    > {
        StateMachineSchema(
            initialState: .refreshing,
            transitionLogic: { state, event in
                switch (state, event) {
                case (.list, .refresh), (.error, .refresh): (.refreshing, nil)
                case (.refreshing, .showList): (.list, nil)
                case (.refreshing, .showError): (.error, nil)
                case (.error, .dismissError): (.list, nil)
                default: nil
                }
            },
            effects: { state, _ in
                switch state {
                case .refreshing:
                    StateEffect(catch: { _ in .showError }) { context in
                        try await refresh()
                        await context.send(.showList)
                    }
                case .error: .send(.dismissError, after: .seconds(5))
                case .list: nil
                }
            })
    }

    @Test func theInitialStatesEffectRunsAndItsResultMovesTheMachine() async throws {
        let machine = StateMachine(schema: Self.schema(refresh: {}))
        #expect(machine.activeEffectCount == 1)
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: ManualClock()) }
        defer { runLoop.cancel() }
        #expect(await transitions.next() == MachineTransition(from: .refreshing, event: .showList, to: .list))
        #expect(machine.activeEffectCount == 0)
    }

    struct Offline: Error {}

    @Test func aFailingEffectBecomesTheEventTheSchemaChoseAndTheNextStateSchedulesItsOwn() async throws {
        let clock = ManualClock()
        let machine = StateMachine(schema: Self.schema(refresh: { throw Offline() }))
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        #expect(await transitions.next()?.to == .error)
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(5))
        #expect(await transitions.next() == MachineTransition(from: .error, event: .dismissError, to: .list))
    }

    @Test func leavingTheErrorStateEarlyCancelsItsDelayedEvent() async throws {
        let clock = ManualClock()
        let machine = StateMachine(schema: Self.schema(refresh: { throw Offline() }))
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        #expect(await transitions.next()?.to == .error)
        await clock.waitForSleepers(count: 1)
        machine.send(.refresh) // leaves .error: the pending .dismissError is cancelled
        #expect(clock.sleeperCount == 0)
        #expect(await transitions.next()?.to == .refreshing)
        #expect(await transitions.next()?.to == .error)
        #expect(machine.activeEffectCount == 1) // only the new error state's timer
    }
}
