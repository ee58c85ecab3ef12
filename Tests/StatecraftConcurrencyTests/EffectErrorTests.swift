import Statecraft
import StatecraftTesting
import Testing

/// An error thrown by an effect becomes an event, reaches an observer, or is kept: it is never lost.
@MainActor
@Suite("Effect errors")
struct EffectErrorTests {
    struct DiskFull: Error, Equatable {}

    /// Runs `machine` until `body` is done.
    func running<D: MachineDefinition>(
        _ machine: StateMachine<D>, _ body: @MainActor () async throws -> Void
    ) async rethrows where D.Event: Sendable {
        let runLoop = Task { await machine.run(clock: ManualClock()) }
        defer { runLoop.cancel() }
        try await body()
    }

    @Test func anErrorMappedToAnEventIsSentToTheMachine() async throws {
        let machine = StateMachine(
            definition: DownloadDefinition(
                loadingEffect: StateEffect(catch: { .fail("\($0)") }) { _ in throw DiskFull() }))
        var transitions = machine.transitions.makeAsyncIterator()
        await running(machine) {
            machine.send(.start)
            _ = await transitions.next(isolation: #isolation)
            #expect(await transitions.next(isolation: #isolation)?.to == .failed("DiskFull()"))
        }
    }

    @Test func anUnmappedErrorReachesTheErrorObserversWithTheState() async throws {
        let machine = StateMachine(
            definition: DownloadDefinition(
                loadingEffect: StateEffect { _ in throw DiskFull() }))
        let reports = AsyncStream.makeStream(of: (String, DownloadDefinition.State).self)
        let token = machine.addEffectErrorObserver { error, state in
            reports.continuation.yield(("\(error)", state))
        }
        #expect(machine.observerCount == 1)
        var reported = reports.stream.makeAsyncIterator()
        await running(machine) {
            machine.send(.start)
            let report = await reported.next(isolation: #isolation)
            #expect(report?.0 == "DiskFull()")
            #expect(report?.1 == .loading(0))
        }
        #expect(machine.removeObserver(token))
        #expect(machine.observerCount == 0)
        #expect(machine.unobservedEffectErrors.isEmpty)
    }

    @Test func aMappingThatDeclinesFallsBackToTheObservers() async throws {
        let machine = StateMachine(
            definition: DownloadDefinition(
                loadingEffect: StateEffect(catch: { _ in nil }) { _ in throw DiskFull() }))
        let reports = AsyncStream.makeStream(of: String.self)
        machine.addEffectErrorObserver { error, _ in reports.continuation.yield("\(error)") }
        var reported = reports.stream.makeAsyncIterator()
        await running(machine) {
            machine.send(.start)
            #expect(await reported.next(isolation: #isolation) == "DiskFull()")
        }
    }

    @Test func withoutObserversTheErrorIsKept() async throws {
        let machine = StateMachine(
            definition: DownloadDefinition(
                loadingEffect: StateEffect { _ in throw DiskFull() }))
        await running(machine) {
            machine.send(.start)
            // The report arrives through the run loop; let it turn until it has (bounded, never sleeping).
            for _ in 0..<100_000 where machine.unobservedEffectErrors.isEmpty { await Task.yield() }
        }
        #expect(machine.unobservedEffectErrors.map { "\($0)" } == ["DiskFull()"])
    }

    @Test func cancellationIsNotAnError() async throws {
        let clock = ManualClock()
        let machine = StateMachine(
            definition: DownloadDefinition(
                loadingEffect: StateEffect { context in try await context.sleep(for: .seconds(1)) }))
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        machine.send(.start)
        await clock.waitForSleepers(count: 1)
        machine.send(.reset)
        machine.send(.start)
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))
        // Wait for the second effect to finish: a marker effect's event arrives after its report would.
        machine.startEffect(StateEffect { context in await context.send(.progress(0.5)) })
        var transitions = machine.transitions.makeAsyncIterator()
        #expect(await transitions.next(isolation: #isolation)?.to == .loading(0.5))
        #expect(machine.unobservedEffectErrors.isEmpty)
    }
}
