import Statecraft
import StatecraftTestSupport
import StatecraftTesting
import Testing

/// A state that invokes an async operation runs it while the state is active, on the run loop, and
/// receives its result or its error as an event; leaving the state cancels it and drops its result.
@MainActor
@Suite("Invoke: async operations", .timeLimit(.minutes(1)))
struct InvokeOperationTests {
    enum Phase: Hashable, Sendable { case idle, loading, loaded, failed, elsewhere }
    enum Input: Hashable, Sendable { case load, leave, loaded(Int), failed(String) }
    struct LoadError: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    typealias Chart = Statechart<Phase, Input, Int>

    /// `.loading` invokes `operation`; its result moves to `.loaded`, its error to `.failed`.
    static func chart(_ operation: @escaping @Sendable () async throws -> Int) throws -> Chart {
        try Chart(initial: .idle, context: 0) {
            ChartState(.idle) { OnEvent(.load, target: .loading) }
            ChartState(.loading) {
                Invoke("fetch", operation: operation, onDone: { .loaded($0) }, onError: { .failed("\($0)") })
                ChartElement.transition(
                    on: .matching(label: "loaded") { if case .loaded = $0 { true } else { false } }, targets: [.loaded],
                    action: { value, scope in if case .loaded(let loaded) = scope.event { value = loaded } })
                ChartElement.transition(
                    on: .matching(label: "failed") { if case .failed = $0 { true } else { false } }, targets: [.failed])
                OnEvent(.leave, target: .elsewhere)
            }
            ChartState(.loaded)
            ChartState(.failed)
            ChartState(.elsewhere)
        }
    }

    @Test func theResultArrivesAsTheDoneEvent() async throws {
        let gate = Gate()
        let machine = StateMachine(
            chart: try Self.chart {
                await gate.pass()
                return 42
            })
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: ManualClock()) }
        defer { runLoop.cancel() }

        machine.send(.load)
        #expect(await transitions.next()?.event == .load)
        #expect(machine.subject.runningInvocations == ["fetch"])
        gate.release()
        let done = try #require(await transitions.next())
        #expect(done.event == .loaded(42))
        #expect(machine.state.isActive(.loaded))
        #expect(machine.state.context == 42)
        #expect(machine.subject.runningInvocations.isEmpty)
    }

    @Test func anErrorArrivesAsTheErrorEvent() async throws {
        let machine = StateMachine(chart: try Self.chart { throw LoadError() })
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: ManualClock()) }
        defer { runLoop.cancel() }

        machine.send(.load)
        _ = await transitions.next()
        let failed = try #require(await transitions.next())
        #expect(failed.event == .failed("offline"))
        #expect(machine.state.isActive(.failed))
    }

    @Test func leavingTheStateCancelsTheOperationAndDropsItsResult() async throws {
        let gate = Gate()
        let started = Gate()
        let cancelled = LockedValue<Bool?>(nil)
        let machine = StateMachine(
            chart: try Self.chart {
                started.release()
                // The gate ignores cancellation: the work finishes after its state was left.
                await gate.pass()
                cancelled.withLock { $0 = Task.isCancelled }
                return 7
            })
        var handled: [Input] = []
        machine.addObserver { _, event, _ in handled.append(event) }
        machine.addIgnoredEventObserver { _, event in handled.append(event) }
        let runLoop = Task { await machine.run(clock: ManualClock()) }
        defer { runLoop.cancel() }

        machine.send(.load)
        await started.pass()
        machine.send(.leave)
        gate.release()
        // Wait for the work to finish, then give the run loop time to handle what it might have posted.
        while cancelled.withLock({ $0 }) == nil { await Task.yield() }
        for _ in 0..<50 { await Task.yield() }
        #expect(cancelled.withLock { $0 } == true)
        #expect(handled == [.load, .leave])
        #expect(machine.state.isActive(.elsewhere))
    }

    @Test func anOperationWaitsForTheRunLoop() async throws {
        let machine = StateMachine(chart: try Self.chart { 5 })
        var transitions = machine.transitions.makeAsyncIterator()
        machine.send(.load)
        #expect(machine.state.isActive(.loading))
        #expect(machine.subject.runningInvocations == ["fetch"])
        let runLoop = Task { await machine.run(clock: ManualClock()) }
        defer { runLoop.cancel() }
        _ = await transitions.next()
        let done = try #require(await transitions.next())
        #expect(done.event == .loaded(5))
    }

    @Test func anOperationTakesNoEvents() throws {
        let chart = try Statechart<Phase, Input, Int>(initial: .loading, context: 0) {
            ChartState(.loading) {
                Invoke("fetch", operation: { 1 }, onDone: { .loaded($0) }, onError: { _ in .leave })
                OnEvent(.load, action: { _, scope in scope.send(.load, toInvocation: "fetch") })
            }
        }
        let machine = StateMachine(chart: chart)
        machine.send(.load)
        #expect(
            machine.unobservedEffectErrors.map { $0 as? InvocationError } == [
                .eventRefused(invocation: "fetch", event: "load")
            ])
    }

    @Test func anInvocationWithoutAnIDIsNamedAfterItsState() throws {
        let chart = try Statechart<Phase, Input, Int>(initial: .loading, context: 0) {
            ChartState(.loading) {
                Invoke(operation: { 1 }, onDone: { .loaded($0) }, onError: { _ in .leave })
                Invoke(operation: { 2 }, onDone: { .loaded($0) }, onError: { _ in .leave })
            }
        }
        let machine = StateMachine(chart: chart)
        #expect(machine.subject.runningInvocations == ["loading.invoke.0", "loading.invoke.1"])
    }

    @Test func anOperationCutShortByTheRunLoopsEndStartsAgainWithTheNextRunLoop() async throws {
        let starts = Counter()
        let machine = StateMachine(
            chart: try Self.chart {
                starts.increment()
                try await Task.sleep(for: .seconds(3600)) // cancelled with the first run loop
                return 0
            })
        machine.send(.load)
        let first = Task { await machine.run(clock: ManualClock()) }
        while starts.value < 1 { await Task.yield() }
        first.cancel()
        await first.value
        #expect(machine.state.isActive(.loading))
        #expect(machine.subject.runningInvocations == ["fetch"])

        // The same invocation, started again from the beginning by the next run loop.
        let restarted = Task { await machine.run(clock: ManualClock()) }
        defer { restarted.cancel() }
        while starts.value < 2 { await Task.yield() }
        #expect(starts.value == 2)
        #expect(machine.state.isActive(.loading))
    }

    @Test func twoRunningInvocationsWithOneIDAreATypedErrorAndTheLaterWins() throws {
        enum Region: Hashable, Sendable { case both, left, right }
        let chart = try Statechart<Region, Input, Int>(initial: .both, context: 0) {
            ParallelState(.both) {
                ChartState(.left) {
                    Invoke("same", operation: { 1 }, onDone: { .loaded($0) }, onError: { _ in .leave })
                }
                ChartState(.right) {
                    Invoke("same", operation: { 2 }, onDone: { .loaded($0) }, onError: { _ in .leave })
                }
            }
        }
        let machine = StateMachine(chart: chart)
        #expect(machine.subject.runningInvocations == ["same"])
        #expect(machine.unobservedEffectErrors.map { $0 as? InvocationError } == [.duplicateInvocation("same")])
    }
}
