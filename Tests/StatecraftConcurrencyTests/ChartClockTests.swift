import Statecraft
import StatecraftTesting
import Testing

/// A chart machine runs its delayed events (`AfterDelay`, `send(_:after:id:)`) on
/// the clock of `run(clock:)`, on the caller's isolation, with SCXML's rules: only `cancel(id:)` — and the
/// exit of the state owning an `AfterDelay` — drops a delayed event. Every test moves a `ManualClock`; nothing
/// waits in real time.
@MainActor
@Suite("Chart delays on the run loop's clock", .timeLimit(.minutes(1)))
struct ChartClockTests {
    enum Phase: Hashable, Sendable { case idle, waiting, timedOut, elsewhere, back, armed, first, second }
    enum Signal: Hashable, Sendable { case arm, leave, timeout, back, ring, later, disarm, go, ping, one, two, three }
    typealias TimerChart = Statechart<Phase, Signal, [Signal]>
    typealias Machine = StateMachine<TimerChart>

    /// `.waiting` times out after 5 s unless left for `.elsewhere`, which returns after 4 s — or times
    /// out too, should the 5 s timer of `.waiting` survive its exit.
    static func timeoutChart() throws -> TimerChart {
        try TimerChart(initial: .idle, context: []) {
            ChartState(.idle) { OnEvent(.arm, target: .waiting) }
            ChartState(.waiting) {
                AfterDelay(.seconds(5), send: .timeout, target: .timedOut)
                OnEvent(.leave, target: .elsewhere)
            }
            ChartState(.elsewhere) {
                AfterDelay(.seconds(4), send: .back, target: .back)
                OnEvent(.timeout, target: .timedOut)
            }
            ChartState(.timedOut)
            ChartState(.back)
        }
    }

    /// Records every event it handles in its context.
    static let record: ChartAction<Phase, Signal, [Signal]> = { log, scope in
        if let event = scope.event { log.append(event) }
    }

    @Test func afterFiresWhenItsDelayHasPassedAndNotBefore() async throws {
        let clock = ManualClock()
        let machine = StateMachine(chart: try Self.timeoutChart())
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        machine.send(.arm)
        #expect(await transitions.next()?.event == .arm)
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(4))
        // The timer still sleeps until 5 s: nothing was due, nothing was delivered.
        #expect(clock.sleeperCount == 1)
        #expect(machine.state.isActive(.waiting))
        await clock.advance(by: .seconds(1))
        let fired = try #require(await transitions.next())
        #expect(fired.event == .timeout)
        #expect(fired.to.isActive(.timedOut))
        #expect(machine.pendingDelayedEventCount == 0)
        #expect(clock.sleeperCount == 0)
    }

    @Test func leavingTheStateCancelsItsAfter() async throws {
        let clock = ManualClock()
        let machine = StateMachine(chart: try Self.timeoutChart())
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        machine.send(.arm)
        _ = await transitions.next()
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(2))
        machine.send(.leave)
        #expect(await transitions.next()?.to.isActive(.elsewhere) == true)
        #expect(machine.pendingDelayedEventCount == 1)
        await clock.waitForSleepers(count: 1)
        // Past both deadlines: the 5 s timeout (t = 5 s) would come first had it survived the exit.
        await clock.advance(by: .seconds(10))
        let next = try #require(await transitions.next())
        #expect(next.event == .back)
        #expect(next.to.isActive(.back))
    }

    @Test func cancelByIdentifierPreventsDelivery() async throws {
        let chart = try TimerChart(initial: .armed, context: []) {
            ChartState(.armed) {
                OnEntry { _, scope in
                    scope.send(.ring, after: .seconds(2), id: "alarm")
                    scope.send(.later, after: .seconds(3))
                }
                OnEvent(.disarm, action: { _, scope in scope.cancel(id: "alarm") })
                OnEvent(.ring, action: Self.record)
                OnEvent(.later, action: Self.record)
            }
        }
        let clock = ManualClock()
        let machine = StateMachine(chart: chart)
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        await clock.waitForRunLoops()
        machine.send(.disarm)
        _ = await transitions.next()
        #expect(machine.pendingDelayedEventCount == 1)
        await clock.advance(by: .seconds(5))
        // `.ring` was due first; the first delayed event to arrive is `.later`.
        #expect(await transitions.next()?.event == .later)
        #expect(machine.state.context == [.later])
    }

    @Test func eventsFireInTimeOrderWhenTheClockJumpsPastSeveral() async throws {
        let chart = try TimerChart(initial: .armed, context: []) {
            ChartState(.armed) {
                OnEntry { _, scope in
                    scope.send(.three, after: .seconds(3))
                    scope.send(.one, after: .seconds(1))
                    scope.send(.two, after: .seconds(2))
                }
                OnEvent(.one, action: Self.record)
                OnEvent(.two, action: Self.record)
                OnEvent(.three, action: Self.record)
            }
        }
        let clock = ManualClock()
        let machine = StateMachine(chart: chart)
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        await clock.waitForRunLoops()
        await clock.advance(by: .seconds(10))
        var events: [Signal] = []
        for _ in 0..<3 { events.append(try #require(await transitions.next()).event) }
        #expect(events == [.one, .two, .three])
        #expect(machine.state.context == [.one, .two, .three])
    }

    @Test func delayedSendsSurviveChangesOfState() async throws {
        // Like `StateMachine.send(_:after:id:)`: one rule for every delayed event.
        let chart = try TimerChart(initial: .first, context: []) {
            ChartState(.first) {
                OnEntry { _, scope in scope.send(.ping, after: .seconds(2)) }
                OnEvent(.go, target: .second)
            }
            ChartState(.second) { OnEvent(.ping, target: .back) }
            ChartState(.back)
        }
        let clock = ManualClock()
        let machine = StateMachine(chart: chart)
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        await clock.waitForSleepers(count: 1)
        machine.send(.go)
        #expect(await transitions.next()?.to.isActive(.second) == true)
        await clock.advance(by: .seconds(2))
        let next = try #require(await transitions.next())
        #expect(next.event == .ping)
        #expect(next.to.isActive(.back))
    }

    @Test func delaysScheduledBeforeTheRunLoopCountFromItsStart() async throws {
        let clock = ManualClock()
        let machine = StateMachine(chart: try Self.timeoutChart())
        var transitions = machine.transitions.makeAsyncIterator()
        machine.send(.arm)
        _ = await transitions.next()
        await clock.advance(by: .seconds(10)) // no run loop yet: the timeout waits
        #expect(machine.pendingDelayedEventCount == 1)

        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(4))
        #expect(clock.sleeperCount == 1)
        #expect(machine.state.isActive(.waiting))
        await clock.advance(by: .seconds(1))
        #expect(await transitions.next()?.event == .timeout)
    }

    @Test func aStoppedRunLoopKeepsTheRemainingTimeForTheNextOne() async throws {
        let clock = ManualClock()
        let machine = StateMachine(chart: try Self.timeoutChart())
        var transitions = machine.transitions.makeAsyncIterator()
        machine.send(.arm)
        _ = await transitions.next()

        let firstRun = Task { await machine.run(clock: clock) }
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(2))
        firstRun.cancel()
        await firstRun.value
        #expect(clock.sleeperCount == 0)
        #expect(machine.pendingDelayedEventCount == 1)

        await clock.advance(by: .seconds(60)) // time without a run loop does not count
        let secondRun = Task { await machine.run(clock: clock) }
        defer { secondRun.cancel() }
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(2))
        #expect(clock.sleeperCount == 1)
        #expect(machine.state.isActive(.waiting))
        await clock.advance(by: .seconds(1))
        #expect(await transitions.next()?.event == .timeout)
    }

    @Test func aChartMachineInsideAnActorRunsItsDelaysOnThatActor() async throws {
        let clock = ManualClock()
        let owner = MachineActor(StateMachine(chart: try Self.timeoutChart()))
        let transitions = await owner.transitions()
        let runLoop = Task { await owner.run(clock: clock) }
        defer { runLoop.cancel() }

        await owner.send(.arm)
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(5))
        var events: [Signal] = []
        for await transition in transitions {
            events.append(transition.event)
            if transition.to.isActive(.timedOut) { break }
        }
        #expect(events == [.arm, .timeout])
        #expect(await owner.withMachine { $0.pendingDelayedEventCount } == 0)
    }
}
