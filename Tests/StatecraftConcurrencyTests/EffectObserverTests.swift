import Statecraft
import StatecraftTesting
import Testing

/// Effects by name: ``StateMachine/addEffectObserver(_:)`` hears each effect started and each one a change of
/// state cancels, and the exhaustive test store states them for a plain definition.
@MainActor
@Suite("Effect observers")
struct EffectObserverTests {
    enum Screen: Sendable, Equatable { case list, refreshing, error }
    enum ScreenEvent: Sendable, Equatable { case refresh, showList, dismissError, cancel }

    /// `refreshing` runs a named refresh that waits for the clock; `error` an unnamed delayed event.
    static func schema() -> StateMachineSchema<Screen, ScreenEvent, Void> {
        StateMachineSchema(
            initialState: .list,
            transitionLogic: { state, event in
                switch (state, event) {
                case (.list, .refresh), (.error, .refresh): (.refreshing, nil)
                case (.refreshing, .showList): (.list, nil)
                case (.refreshing, .cancel): (.error, nil)
                case (.error, .dismissError): (.list, nil)
                default: nil
                }
            },
            effects: { state, _ in
                switch state {
                case .refreshing:
                    StateEffect("refresh") { context in
                        try await context.sleep(for: .seconds(1))
                        await context.send(.showList)
                    }
                case .error: .send(.dismissError, after: .seconds(5))
                case .list: nil
                }
            })
    }

    @Test func startsAndCancellationsAreToldByNameBeforeTheTransitionObservers() {
        let machine = StateMachine(schema: Self.schema())
        var log: [String] = []
        machine.addEffectObserver { log.append($0.description) }
        machine.addObserver { _, event, _ in log.append("transition on \(event)") }
        machine.send(.refresh)
        machine.send(.cancel)
        machine.send(.refresh)
        #expect(
            log == [
                "start refresh", "transition on refresh",
                "cancel refresh", "start send dismissError after 5.0 seconds", "transition on cancel",
                "cancel send dismissError after 5.0 seconds", "start refresh", "transition on refresh",
            ])
    }

    @Test func stoppingTheRunLoopIsNeitherAStartNorACancellation() async {
        let machine = StateMachine(schema: Self.schema())
        var log: [EffectActivity] = []
        let token = machine.addEffectObserver { log.append($0) }
        machine.send(.refresh)
        let runLoop = Task { await machine.run(clock: ManualClock()) }
        await Task.yield()
        runLoop.cancel() // the refresh's task is cancelled, but the machine stays in refreshing
        await runLoop.value
        #expect(log == [.started("refresh")])
        #expect(machine.waitingEffectCount == 1) // it starts again with the next run loop
        machine.send(.cancel) // leaving refreshing cancels it, once
        #expect(log == [.started("refresh"), .cancelled("refresh"), .started("send dismissError after 5.0 seconds")])
        #expect(machine.removeObserver(token))
        machine.send(.refresh)
        #expect(log.count == 3)
    }

    @Test func anUnnamedEffectIsNamedByWhereItWasCreated() {
        let effect = StateEffect<ScreenEvent> { _ in }
        #expect(effect.name == "effect at StatecraftConcurrencyTests/EffectObserverTests.swift:\(#line - 1)")
        #expect(StateEffect<ScreenEvent>("fetch") { _ in }.name == "fetch")
    }

    @Test func theTestStoreStatesADefinitionsEffectsByName() async {
        let store = MachineTestStore(StateMachine(schema: Self.schema()))
        store.start()
        store.send(.refresh, state: .refreshing, effects: ["start refresh"])
        store.send(.cancel, state: .error, effects: ["cancel refresh", "start send dismissError after 5.0 seconds"])
        await store.advance(by: .seconds(5))
        await store.receive(.dismissError, state: .list, effects: ["cancel send dismissError after 5.0 seconds"])
        withKnownIssue {
            store.send(.refresh, state: .refreshing, effects: [])
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                effects after refresh differ (− expected, + actual):
                − - 0 elements
                + ▿ 1 element
                +   - "start refresh"
                """
            ]
        }
        await store.finish(effectsMayRun: true)
    }
}
