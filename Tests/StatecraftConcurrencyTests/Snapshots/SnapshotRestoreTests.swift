import Foundation
import Statecraft
import StatecraftTesting
import Testing

/// What restoring does and does not do: no entry action, no transition, no observer; the saved context and
/// history; delayed events resumed on the new machine's clock; effects restarted from the restored state's
/// declaration; the same for a plain schema machine and a `MachineActor`.
@MainActor
@Suite("Snapshot restore")
struct SnapshotRestoreTests {
    enum Mode: String, Hashable, Sendable, Codable { case off, on, low, high, history, done }
    enum Signal: String, Hashable, Sendable, Codable { case toggle, up, tick, finish }

    /// Entering any state counts in the context; `.on` remembers `.low`/`.high` in a history state and
    /// ticks after 3 s.
    static func lamp() throws -> Statechart<Mode, Signal, Int> {
        let count: ChartAction<Mode, Signal, Int> = { entries, _ in entries += 1 }
        return try Statechart<Mode, Signal, Int>(initial: .off, context: 0) {
            ChartState(.off) {
                OnEntry(count)
                OnEvent(.toggle, target: .history)
            }
            ChartState(.on, initial: .low) {
                OnEntry(count)
                AfterDelay(.seconds(3), send: .tick, target: .off)
                OnEvent(.toggle, target: .off)
                OnEvent(.finish, target: .done)
                HistoryState(.history, .shallow)
                ChartState(.low) {
                    OnEntry(count)
                    OnEvent(.up, target: .high)
                }
                ChartState(.high) { OnEntry(count) }
            }
            FinalState(.done)
        }
    }

    /// Starts `machine`'s run loop on `clock` and waits until it runs.
    static func run<Definition>(_ machine: StateMachine<Definition>, on clock: ManualClock) async -> Task<Void, Never>
    where Definition.Event: Sendable {
        let runLoop = Task { await machine.run(clock: clock) }
        await clock.waitForRunLoops()
        return runLoop
    }

    @Test func restoringRunsNoEntryActionAndKeepsContextAndHistory() throws {
        let chart = try Self.lamp()
        let machine = StateMachine(chart: chart)
        machine.send(.toggle)
        machine.send(.up)
        machine.send(.toggle) // off; history of .on records .high
        let saved = try machine.snapshot()
        #expect(saved.histories.map(\.states) == [[.high]])

        let restored = try StateMachine(chart: chart, restoring: saved)
        var observed = 0
        restored.addObserver { _, _, _ in observed += 1 }
        #expect(restored.state.configuration == [.off])
        #expect(restored.state.context == machine.state.context)
        #expect(restored.state.recordedHistory(.history) == [.high])
        #expect(restored.state.lastMacrostep.microsteps.isEmpty)
        #expect(observed == 0)
        restored.send(.toggle)
        #expect(restored.state.configuration == [.on, .high])
    }

    @Test func delayedEventsResumeWithTheirRemainingTimeOnTheNewClock() async throws {
        let chart = try Self.lamp()
        let clock = ManualClock()
        let machine = StateMachine(chart: chart)
        let runLoop = await Self.run(machine, on: clock)
        machine.send(.toggle)
        await clock.advance(by: .seconds(2))
        runLoop.cancel()
        await runLoop.value
        let saved = try machine.snapshot()
        #expect(saved.delayedEvents.map(\.remaining) == [.seconds(1)])
        #expect(saved.delayedEvents.first?.id?.isEmpty == false)

        let later = ManualClock()
        let restored = try StateMachine(chart: chart, restoring: saved)
        #expect(restored.pendingDelayedEventCount == 1)
        let restoredLoop = await Self.run(restored, on: later)
        defer { restoredLoop.cancel() }
        await later.advance(by: .milliseconds(999))
        #expect(restored.state.isActive(.on))
        await later.advance(by: .milliseconds(1))
        #expect(restored.state.configuration == [.off])
        // The saved timer belongs to `.on`: leaving `.on` before it fires cancels it, as it would have.
        let again = try StateMachine(chart: chart, restoring: saved)
        again.send(.toggle)
        #expect(again.pendingDelayedEventCount == 0)
    }

    @Test func delayedEventsKeepTheirOrderAndIdentifiersAcrossARestore() async throws {
        let chart = try Self.lamp()
        let machine = StateMachine(chart: chart)
        machine.send(.up, after: .seconds(2), id: "b")
        machine.send(.toggle, after: .seconds(1), id: "a")
        machine.send(.finish, after: .seconds(2), id: "c")
        let saved = try machine.snapshot()
        #expect(saved.delayedEvents.map(\.id) == ["a", "b", "c"])
        #expect(saved.delayedEvents.map(\.remaining) == [.seconds(1), .seconds(2), .seconds(2)])

        let restored = try StateMachine(chart: chart, restoring: saved)
        #expect(restored.cancelDelayedEvents(id: "c") == 1)
        let clock = ManualClock()
        let runLoop = await Self.run(restored, on: clock)
        defer { runLoop.cancel() }
        await clock.advance(by: .seconds(2))
        // .toggle at 1 s enters .on/.low, .up at 2 s moves to .high; the cancelled .finish never arrives.
        #expect(restored.state.configuration == [.on, .high])
    }

    @Test func aFinishedChartStaysFinished() throws {
        let chart = try Self.lamp()
        let machine = StateMachine(chart: chart)
        machine.send(.toggle)
        machine.send(.finish)
        let saved = try machine.snapshot()
        #expect(saved.finalState == .done)
        let restored = try StateMachine(chart: chart, restoring: saved)
        #expect(restored.state.isFinished)
        #expect(restored.state.finalState == .done)
        #expect(!restored.handle(.toggle))
    }

    enum Screen: String, Sendable, Codable, Equatable { case list, refreshing }
    enum ScreenEvent: Sendable, Equatable { case refresh, loaded }

    @Test func aSchemaMachineRestartsTheRestoredStatesEffectWithoutATransition() async throws {
        let schema = StateMachineSchema<Screen, ScreenEvent, Void>(
            initialState: .list,
            transitionLogic: { state, event in
                switch (state, event) {
                case (.list, .refresh): (.refreshing, nil)
                case (.refreshing, .loaded): (.list, nil)
                default: nil
                }
            },
            effects: { state, _ in state == .refreshing ? .send(.loaded, after: .seconds(1)) : nil })
        let machine = StateMachine(schema: schema)
        machine.send(.refresh)
        let data = try JSONEncoder().encode(machine.snapshot())
        let saved = try JSONDecoder().decode(MachineSnapshot<Screen>.self, from: data)
        #expect(saved.state == .refreshing)

        let restored = try StateMachine(schema: schema, subject: (), restoring: saved)
        var transitions = 0
        restored.addObserver { _, _, _ in transitions += 1 }
        #expect(restored.state == .refreshing)
        #expect(restored.activeEffectCount == 1)
        #expect(transitions == 0)
        let clock = ManualClock()
        var stream = restored.transitions.makeAsyncIterator()
        let loop = Task { await restored.run(clock: clock) }
        defer { loop.cancel() }
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))
        #expect(await stream.next()?.to == .list)
    }

    @Test func aPlainSnapshotOfANewerFormatIsRefused() throws {
        let schema = StateMachineSchema<Screen, ScreenEvent, Void>(initialState: .list) { _, _ in nil }
        var saved = StateMachine(schema: schema).snapshot()
        saved.formatVersion = 9
        #expect(throws: SnapshotError.newerFormat(found: 9, supported: 1)) {
            try StateMachine(schema: schema, subject: (), restoring: saved)
        }
    }

    @Test func anActorSavesAndRestoresAChartWhoseTimerResumesOnItsRunClock() async throws {
        let chart = try Self.lamp()
        let actor = MachineActor(StateMachine(chart: chart))
        await actor.send(.toggle)
        let saved = try await actor.snapshot()
        #expect(saved.delayedEvents.map(\.remaining) == [.seconds(3)])

        let restored = try MachineActor(chart: chart, restoring: saved)
        let clock = ManualClock()
        var stream = await restored.transitions().makeAsyncIterator()
        let loop = Task { await restored.run(clock: clock) }
        defer { loop.cancel() }
        await clock.waitForRunLoops()
        await clock.advance(by: .seconds(3))
        let fired = await stream.next()
        #expect(fired?.event == .tick)
        #expect(fired?.to.configuration == [.off])
    }
}
