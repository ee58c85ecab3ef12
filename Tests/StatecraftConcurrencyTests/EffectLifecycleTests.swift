import Statecraft
import StatecraftTestSupport
import StatecraftTesting
import Testing

/// Effects start with their state and end with it; events from work whose state was left are dropped.
@MainActor
@Suite("Effect lifecycle")
struct EffectLifecycleTests {
    /// A state type that downloads in four one-second steps when it enters `.loading(0)`.
    enum Transfer: StateMachineState, Sendable, Equatable {
        case idle, loading(Double), done
        enum Event: Sendable, Equatable { case start, progress(Double), finish, reset }

        func next(for event: Event) -> StateTransition<Transfer> {
            switch (self, event) {
            case (.idle, .start): .to(.loading(0))
            case (.loading, .progress(let value)): .update(.loading(value))
            case (.loading, .finish): .to(.done)
            case (_, .reset): .to(.idle)
            default: .ignore
            }
        }

        func didEnter(from previous: Transfer?, in machine: Machine) {
            guard case .loading = self else { return }
            machine.startEffect(
                StateEffect { context in
                    for step in 1...4 {
                        try await context.sleep(for: .seconds(1))
                        await context.send(.progress(Double(step) / 4))
                    }
                    await context.send(.finish)
                })
        }
    }

    @Test func stateTypeEffectReportsProgressOnTheClockThenCompletes() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Transfer.idle)
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        machine.send(.start)
        #expect(await transitions.next()?.to == .loading(0))
        for step in 1...4 {
            await clock.waitForSleepers(count: 1)
            await clock.advance(by: .seconds(1))
            #expect(await transitions.next()?.to == .loading(Double(step) / 4))
        }
        #expect(await transitions.next()?.to == .done)
        #expect(machine.state == .done)
    }

    @Test func effectsStartedBeforeTheRunLoopWaitForIt() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Transfer.idle)
        machine.send(.start)
        #expect(machine.activeEffectCount == 1)
        #expect(clock.sleeperCount == 0)
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        await clock.waitForSleepers(count: 1)
        #expect(machine.isRunningEffects)
    }

    @Test func leavingTheStateCancelsItsWork() async throws {
        let clock = ManualClock()
        let cancelled = AsyncStream.makeStream(of: Bool.self)
        let machine = StateMachine(
            definition: DownloadDefinition(
                loadingEffect: StateEffect { context in
                    do {
                        try await context.sleep(for: .seconds(10))
                    } catch {
                        cancelled.continuation.yield(Task.isCancelled)
                        throw error
                    }
                }))
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        machine.send(.start)
        await clock.waitForSleepers(count: 1)
        #expect(machine.activeEffectCount == 1)
        machine.send(.reset)
        #expect(machine.activeEffectCount == 0)
        #expect(clock.sleeperCount == 0)
        var wasCancelled = cancelled.stream.makeAsyncIterator()
        #expect(await wasCancelled.next() == true)
    }

    @Test func updatesInPlaceKeepTheWorkRunning() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: Transfer.idle)
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        machine.send(.start)
        _ = await transitions.next()
        machine.send(.progress(0.1)) // an update in place, sent from outside the effect
        #expect(machine.activeEffectCount == 1)
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))
        #expect(await transitions.next()?.to == .loading(0.1))
        #expect(await transitions.next()?.to == .loading(0.25))
    }

    @Test func resetDuringADownloadMakesStaleProgressImpossible() async throws {
        let gate = Gate()
        let outcomes = AsyncStream.makeStream(of: EffectEventOutcome.self)
        // This work ignores cancellation: it keeps going after the reset and tries to report progress.
        let machine = StateMachine(
            definition: DownloadDefinition(
                loadingEffect: StateEffect { context in
                    await gate.pass()
                    outcomes.continuation.yield(await context.send(.progress(0.5)))
                    await gate.pass()
                    outcomes.continuation.yield(await context.send(.progress(0.9)))
                    outcomes.continuation.yield(await context.send(.finish))
                }))
        let runLoop = Task { await machine.run(clock: ManualClock()) }
        defer { runLoop.cancel() }
        var replies = outcomes.stream.makeAsyncIterator()

        machine.send(.start)
        gate.release()
        #expect(await replies.next() == .delivered(.transitioned))
        #expect(machine.state == .loading(0.5))

        machine.send(.reset)
        #expect(machine.state == .idle)
        gate.release()
        #expect(await replies.next() == .dropped)
        #expect(await replies.next() == .dropped)
        #expect(machine.state == .idle)
    }

    @Test func aNewDownloadAfterAResetIsNotConfusedWithTheOldOne() async throws {
        let gate = Gate()
        let arrivals = AsyncStream.makeStream(of: Void.self)
        let outcomes = AsyncStream.makeStream(of: EffectEventOutcome.self)
        let machine = StateMachine(
            definition: DownloadDefinition(
                loadingEffect: StateEffect { context in
                    arrivals.continuation.yield()
                    await gate.pass()
                    outcomes.continuation.yield(await context.send(.progress(0.3)))
                }))
        let runLoop = Task { await machine.run(clock: ManualClock()) }
        defer { runLoop.cancel() }
        var replies = outcomes.stream.makeAsyncIterator()
        var arrived = arrivals.stream.makeAsyncIterator()

        machine.send(.start) // first download: its work waits at the gate
        await arrived.next()
        machine.send(.reset)
        machine.send(.start) // second download, same state value as the first
        await arrived.next()
        gate.release()
        gate.release()
        let first = await replies.next()
        let second = await replies.next()
        // Exactly one of the two pieces of work (the second download's) got through.
        #expect([first, second].filter { $0 == .delivered(.transitioned) }.count == 1)
        #expect([first, second].filter { $0 == .dropped }.count == 1)
        #expect(machine.state == .loading(0.3))
    }

    @Test func stoppingTheRunLoopCancelsEffectsAndDropsTheirEvents() async throws {
        let gate = Gate()
        let outcomes = AsyncStream.makeStream(of: EffectEventOutcome.self)
        let machine = StateMachine(
            definition: DownloadDefinition(
                loadingEffect: StateEffect { context in
                    await gate.pass()
                    outcomes.continuation.yield(await context.send(.progress(0.5)))
                }))
        let runLoop = Task { await machine.run(clock: ManualClock()) }
        machine.send(.start)
        runLoop.cancel()
        await runLoop.value
        #expect(machine.isRunningEffects == false)
        gate.release()
        var replies = outcomes.stream.makeAsyncIterator()
        #expect(await replies.next() == .dropped)
        #expect(machine.state == .loading(0))
    }
}
