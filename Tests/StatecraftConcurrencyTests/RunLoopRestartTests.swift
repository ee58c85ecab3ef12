import Statecraft
import StatecraftTesting
import Testing

/// A run loop cancelled and started again — a view that disappears and reappears — restarts the current
/// state's unfinished effects.
@MainActor
@Suite("Run loop restart")
struct RunLoopRestartTests {
    static let slowLoad = StateEffect<DownloadDefinition.Event> { context in
        try await context.sleep(for: .seconds(1))
        await context.send(.progress(1))
        await context.send(.finish)
    }

    @Test func aSecondRunRestartsTheEffectTheFirstOneCancelled() async throws {
        let machine = StateMachine(definition: DownloadDefinition(loadingEffect: Self.slowLoad))
        var transitions = machine.transitions.makeAsyncIterator()
        let firstClock = ManualClock()
        let first = Task { await machine.run(clock: firstClock) }
        machine.send(.start)
        _ = await transitions.next()
        await firstClock.waitForSleepers(count: 1)
        first.cancel()
        await first.value
        #expect(machine.state == .loading(0))
        try #require(machine.waitingEffectCount == 1, "the loading effect is gone: the machine would wait forever")

        let secondClock = ManualClock()
        let second = Task { await machine.run(clock: secondClock) }
        defer { second.cancel() }
        await secondClock.waitForSleepers(count: 1)
        #expect(machine.waitingEffectCount == 0)
        await secondClock.advance(by: .seconds(1))
        #expect(await transitions.next()?.to == .loading(1))
        #expect(await transitions.next()?.to == .done)
    }

    @Test func anEffectThatFinishedDoesNotStartAgain() async throws {
        let machine = StateMachine(
            definition: DownloadDefinition(
                loadingEffect: StateEffect { context in
                    await context.send(.progress(0.5))
                }))
        var transitions = machine.transitions.makeAsyncIterator()
        let first = Task { await machine.run(clock: ManualClock()) }
        machine.send(.start)
        _ = await transitions.next()
        #expect(await transitions.next()?.to == .loading(0.5))
        var yields = 0
        while machine.activeEffectCount > 0, yields < 10_000 {
            await Task.yield()
            yields += 1
        }
        try #require(machine.activeEffectCount == 0)
        first.cancel()
        await first.value
        #expect(machine.waitingEffectCount == 0)
    }
}
