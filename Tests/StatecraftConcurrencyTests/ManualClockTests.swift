import Statecraft
import StatecraftTesting
import Testing

/// The manual clock moves only when told, wakes sleepers in deadline order, and honours cancellation.
@Suite("Manual clock")
struct ManualClockTests {
    @Test func timeMovesOnlyWhenAdvanced() async {
        let clock = ManualClock()
        let start = clock.now
        #expect(clock.now == start)
        await clock.advance(by: .milliseconds(1500))
        #expect(start.duration(to: clock.now) == .milliseconds(1500))
        #expect(clock.minimumResolution == .zero)
    }

    @Test func sleepersWakeInDeadlineOrder() async throws {
        let clock = ManualClock()
        let order = AsyncStream.makeStream(of: Int.self)
        let late = Task {
            try await clock.sleep(for: .seconds(2))
            order.continuation.yield(2)
        }
        let early = Task {
            try await clock.sleep(for: .seconds(1))
            order.continuation.yield(1)
        }
        await clock.waitForSleepers(count: 2)
        await clock.advance(by: .seconds(1))
        var woken = order.stream.makeAsyncIterator()
        #expect(await woken.next() == 1)
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(1))
        #expect(await woken.next() == 2)
        try await early.value
        try await late.value
    }

    @Test func aDeadlineAlreadyPassedReturnsAtOnce() async throws {
        let clock = ManualClock()
        try await clock.sleep(until: clock.now)
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperThrowsAndForgetsIt() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers(count: 1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @MainActor
    @Test func runLoopsRegisterWhileTheyRunAndAnAdvanceWithoutThemOnlyMovesTime() async throws {
        let clock = ManualClock()
        let machine = StateMachine(initialState: 0) { (count: Int, _: Int) in count + 1 }
        machine.send(1, after: .seconds(1))
        await clock.advance(by: .seconds(5)) // no run loop: nothing delivered, nothing waits for it
        #expect(machine.state == 0)
        #expect(clock.runLoopCount == 0)

        let runLoop = Task { await machine.run(clock: clock) }
        await clock.waitForRunLoops()
        #expect(clock.runLoopCount == 1)
        await clock.advance(by: .seconds(1))
        #expect(machine.state == 1)
        runLoop.cancel()
        await runLoop.value
        #expect(clock.runLoopCount == 0)
        await clock.advance(by: .seconds(1)) // a stopped run loop is not waited for
    }
}
