import Statecraft
import StatecraftTestSupport
import StatecraftTesting
import Testing

/// A state that invokes a child chart runs it as a machine of its own: started after the macrostep that
/// entered the state, cancelled when the state is left, talking to its parent both ways.
@MainActor
@Suite("Invoke: child charts", .timeLimit(.minutes(1)))
struct InvokeChildChartTests {
    enum Phase: Hashable, Sendable, Codable { case idle, working, passing, finished, elsewhere }
    enum Input: Hashable, Sendable, Codable { case start, leave, pass, poke, ping, hello, report(Int), childDone(Int) }
    enum ChildPhase: Hashable, Sendable { case counting, waiting, done }
    enum ChildInput: Hashable, Sendable { case tick, finish, ping, wait, hello }

    typealias Parent = Statechart<Phase, Input, [Input]>
    typealias Child = Statechart<ChildPhase, ChildInput, Int>

    /// Counts ticks; says hello to its parent on entry, reports its count on `ping`, finishes on `finish`
    /// (after 5 s when told to `wait`).
    static func childChart() throws -> Child {
        try Child(initial: .counting, context: 0) {
            ChartState(.counting) {
                OnEntry { _, scope in scope.sendToParent(.hello) }
                OnEvent(.tick, action: { count, _ in count += 1 })
                OnEvent(.ping, action: { _, scope in scope.sendToParent(.ping) })
                OnEvent(.finish, target: .done)
                OnEvent(.wait, target: .waiting)
            }
            ChartState(.waiting) {
                AfterDelay(.seconds(5), send: .finish, target: .done)
            }
            FinalState(.done)
        }
    }

    /// Records every event it handles. `.working` invokes the child as "worker"; `.passing` invokes it and
    /// leaves at once, in the same macrostep.
    static func parentChart(autoforward: Bool = false) throws -> Parent {
        let child = try childChart()
        return try Parent(initial: .idle, context: []) {
            ChartState(.idle) {
                OnEvent(.start, target: .working)
                OnEvent(.pass, target: .passing)
            }
            ChartState(.working) {
                Invoke(
                    "worker", chart: child, autoforward: autoforward,
                    toChild: { input in
                        switch input {
                        case .poke: .tick
                        case .ping: .ping
                        case .start: .finish
                        case .pass: .wait
                        default: nil
                        }
                    },
                    fromChild: { output in
                        switch output {
                        case .ping: .report(0)
                        default: .hello
                        }
                    },
                    onDone: { count in .childDone(count) })
                OnEvent(.poke, action: { _, scope in scope.send(.poke, toInvocation: "worker") })
                OnEvent(.leave, target: .elsewhere)
                OnEvent(.start, action: { _, scope in scope.send(.start, toInvocation: "worker") })
                OnEvent(.pass, action: { _, scope in scope.send(.pass, toInvocation: "worker") })
                ChartElement.transition(
                    on: .matching(label: "childDone") { if case .childDone = $0 { true } else { false } },
                    targets: [.finished])
            }
            ChartState(.passing) {
                Invoke("passer", chart: child, fromChild: { _ in .hello })
                Always(target: .elsewhere)
            }
            ChartState(.finished)
            ChartState(.elsewhere) {
                OnEvent(.poke, action: { _, scope in scope.send(.poke, toInvocation: "worker") })
            }
        }
    }

    @Test func theChildStartsAfterTheMacrostepAndItsMessagesQueueAtTheParent() throws {
        let machine = StateMachine(chart: try Self.parentChart())
        var handled: [Input] = []
        machine.addObserver { _, event, _ in handled.append(event) }
        machine.addIgnoredEventObserver { _, event in handled.append(event) }

        machine.send(.start)
        // The child's entry said hello: the event waited in the parent's queue behind `.start`.
        #expect(handled == [.start, .hello])
        #expect(machine.subject.runningInvocations == ["worker"])
        // The macrostep that entered `.working` recorded the start; the runtime performed it afterwards.
        machine.send(.leave)
        let recorded = machine.state.lastMacrostep.effects.compactMap { effect -> String? in
            if case .invocation(let invocation) = effect { return invocation.description }
            return nil
        }
        #expect(recorded == ["cancel worker"])
    }

    @Test func theParentSendsToTheChildByIDAndHearsItsDoneEventWithItsContext() throws {
        let machine = StateMachine(chart: try Self.parentChart())
        var handled: [Input] = []
        machine.addObserver { _, event, _ in handled.append(event) }
        machine.addIgnoredEventObserver { _, event in handled.append(event) }
        machine.send(.start)
        machine.send(.poke)
        machine.send(.poke)
        machine.send(.start) // forwarded as `.finish`: the child reaches its final state with count 2

        #expect(handled == [.start, .hello, .poke, .poke, .start, .childDone(2)])
        #expect(machine.state.isActive(.finished))
        #expect(machine.subject.runningInvocations.isEmpty)
    }

    @Test func theChildSendsToItsParentThroughFromChild() throws {
        let machine = StateMachine(chart: try Self.parentChart(autoforward: true))
        var handled: [Input] = []
        machine.addObserver { _, event, _ in handled.append(event) }
        machine.addIgnoredEventObserver { _, event in handled.append(event) }
        machine.send(.start)
        machine.send(.ping) // autoforwarded as `.ping`; the child answers with `.ping`, mapped to `.report(0)`
        #expect(handled == [.start, .hello, .ping, .report(0)])
    }

    @Test func autoforwardSendsEveryExternalEventToTheChildBeforeTheParentHandlesIt() throws {
        let machine = StateMachine(chart: try Self.parentChart(autoforward: true))
        var handled: [Input] = []
        machine.addObserver { _, event, _ in handled.append(event) }
        machine.addIgnoredEventObserver { _, event in handled.append(event) }
        machine.send(.start)
        // `.poke` is forwarded (a tick) and, in the parent, sends another tick: two ticks.
        machine.send(.poke)
        // `.start` is forwarded as `.finish` before the parent's own forwarding of it: done with 2.
        machine.send(.start)
        #expect(handled.last == .childDone(2))
    }

    @Test func withoutAutoforwardTheChildSeesOnlyWhatIsSentToIt() throws {
        let machine = StateMachine(chart: try Self.parentChart(autoforward: false))
        var handled: [Input] = []
        machine.addObserver { _, event, _ in handled.append(event) }
        machine.addIgnoredEventObserver { _, event in handled.append(event) }
        machine.send(.start)
        machine.send(.ping) // not forwarded: no report comes back
        #expect(handled == [.start, .hello, .ping])
    }

    @Test func aStateLeftInTheMacrostepThatEnteredItInvokesNothing() throws {
        let machine = StateMachine(chart: try Self.parentChart())
        var handled: [Input] = []
        machine.addObserver { _, event, _ in handled.append(event) }
        machine.addIgnoredEventObserver { _, event in handled.append(event) }
        machine.send(.pass)
        // `.passing` was entered and left in one macrostep: its child never started, so no hello.
        #expect(machine.state.isActive(.elsewhere))
        #expect(handled == [.pass])
        #expect(machine.subject.runningInvocations.isEmpty)
    }

    @Test func leavingTheStateCancelsTheChild() throws {
        let machine = StateMachine(chart: try Self.parentChart())
        machine.send(.start)
        #expect(machine.subject.runningInvocations == ["worker"])
        machine.send(.leave)
        #expect(machine.subject.runningInvocations.isEmpty)
        // The child is gone: sending to it is an error naming the invocation.
        machine.send(.poke)
        #expect(machine.unobservedEffectErrors.map { $0 as? InvocationError } == [.unknownInvocation("worker")])
    }

    @Test func sendToParentWithoutAParentIsATypedError() throws {
        let machine = StateMachine(chart: try Self.childChart())
        // No invocation made this machine, so it has no effect-error path yet: the runtime keeps the error.
        #expect(
            machine.subject.unreportedInvocationErrors.map { $0 as? InvocationError } == [.noParent(event: "hello")])
    }

    @Test func theChildsTimersRunOnTheParentsRunLoop() async throws {
        let clock = ManualClock()
        let machine = StateMachine(chart: try Self.parentChart())
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        await clock.waitForRunLoops()

        machine.send(.start)
        machine.send(.pass) // forwarded as `.wait`: the child's 5 s timer starts on the parent's clock
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(4))
        #expect(machine.state.isActive(.working))
        await clock.advance(by: .seconds(1))
        while let transition = await transitions.next() {
            if transition.event == .childDone(0) { break }
        }
        #expect(machine.state.isActive(.finished))
    }

    @Test func leavingTheStateCancelsTheChildsTimers() async throws {
        let clock = ManualClock()
        let machine = StateMachine(chart: try Self.parentChart())
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        await clock.waitForRunLoops()

        machine.send(.start)
        machine.send(.pass)
        await clock.waitForSleepers(count: 1)
        machine.send(.leave)
        // Cancelling the timer's task takes its sleeper off the clock at once.
        #expect(clock.sleeperCount == 0)
        await clock.advance(by: .seconds(10))
        #expect(machine.state.isActive(.elsewhere))
        #expect(!machine.state.context.contains(.childDone(0)))
    }

    @Test func aSnapshotWhileAnInvocationRunsThrowsNamingIt() throws {
        let machine = StateMachine(chart: try Self.parentChart())
        _ = try machine.snapshot()
        machine.send(.start)
        #expect(throws: SnapshotError.invocationsRunning(["worker"])) { try machine.snapshot() }
        machine.send(.leave)
        _ = try machine.snapshot()
    }

    @Test func aCancelledChildRunsItsExitActions() throws {
        let exits = LockedValue(0)
        let child = try Child(initial: .counting, context: 0) {
            ChartState(.counting) { OnExit { _, _ in exits.withLock { $0 += 1 } } }
        }
        let parent = try Parent(initial: .working, context: []) {
            ChartState(.working) {
                Invoke("worker", chart: child)
                OnEvent(.leave, target: .elsewhere)
            }
            ChartState(.elsewhere)
        }
        let machine = StateMachine(chart: parent)
        #expect(exits.withLock { $0 } == 0)
        machine.send(.leave)
        #expect(exits.withLock { $0 } == 1)
    }
}
