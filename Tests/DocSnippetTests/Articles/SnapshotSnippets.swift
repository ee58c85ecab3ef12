// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Foundation
import Statecraft
import StatecraftTesting
import Testing

/// The samples of *Saving and restoring machines*, as written there (DocSnippetTextTests checks it).
@MainActor
@Suite("Saving and restoring article samples")
struct SnapshotSnippets {
    enum Player: String, Hashable, Sendable, Codable { case stopped, playing, paused }
    enum Input: String, Hashable, Sendable, Codable { case play, pause, stop, timeout }

    static func playerChart() throws -> Statechart<Player, Input, Int> {
        try Statechart(initial: .stopped, context: 0) {
            ChartState(.stopped) { OnEvent(.play, target: .playing) }
            ChartState(.playing) { OnEvent(.pause, target: .paused) }
            ChartState(.paused) {
                OnEvent(.play, target: .playing)
                AfterDelay(.seconds(30), send: .timeout, target: .stopped)
            }
        }
    }

    @Test func aSnapshotTravelsAsJSONWithItsTimer() async throws {
        let chart = try Self.playerChart()
        let original = StateMachine(chart: chart)
        original.send(.play)
        original.send(.pause)
        try await Self.restore(try JSONEncoder().encode(try original.snapshot()), chart: chart)
    }

    /// The article's second half: decode, restore, resume the timer (on a manual clock here, where the
    /// article uses `ContinuousClock`).
    static func restore(_ data: Data, chart: Statechart<Player, Input, Int>) async throws {
        // … later, perhaps in another process:
        let saved = try JSONDecoder().decode(StatechartSnapshot<Player, Input, Int>.self, from: data)
        let machine = try StateMachine(chart: chart, restoring: saved)
        #expect(machine.state.configuration == [.paused])
        #expect(machine.pendingDelayedEventCount == 1)
        let clock = ManualClock()
        let runLoop = Task { await machine.run(clock: clock) }
        await clock.waitForRunLoops()
        await clock.advance(by: .seconds(30))
        #expect(machine.state.configuration == [.stopped])
        runLoop.cancel()
        await runLoop.value
    }

    @Test func theArticlesEncodeAndRestoreLines() throws {
        let chart = try Self.playerChart()
        let machine = StateMachine(chart: chart)
        machine.send(.play)
        let data = try JSONEncoder().encode(try machine.snapshot())
        let saved = try JSONDecoder().decode(StatechartSnapshot<Player, Input, Int>.self, from: data)
        let restored = try StateMachine(chart: chart, restoring: saved)
        #expect(restored.state.configuration == [.playing])
    }

    enum Step: String, Hashable, Sendable, Codable { case cart, paying, charging, paid }
    enum Order: String, Hashable, Sendable, Codable { case pay, confirm }

    @Test func aMigrationRenamesAState() throws {
        let checkoutV1 = try Statechart<Step, Order, Int>(initial: .cart, context: 0) {
            ChartState(.cart) { OnEvent(.pay, target: .paying) }
            ChartState(.paying) { OnEvent(.confirm, target: .paid) }
            ChartState(.paid)
        }
        let checkoutV2 = try Statechart<Step, Order, Int>(initial: .cart, context: 0) {
            ChartState(.cart) { OnEvent(.pay, target: .charging) }
            ChartState(.charging) { OnEvent(.confirm, target: .paid) }
            ChartState(.paid)
        }
        let old = StateMachine(chart: checkoutV1)
        old.send(.pay)
        let data = try JSONEncoder().encode(try old.snapshot())

        // Version 2 of the checkout chart renamed `.paying` to `.charging`.
        let migration = SnapshotMigration { old in old.renamingState(.string("paying"), to: .string("charging")) }
        let json = try JSONDecoder().decode(SnapshotJSON.self, from: data)
        let saved = try StatechartSnapshot(json: json, for: checkoutV2, migration: migration)
        let machine = try StateMachine(chart: checkoutV2, restoring: saved)
        #expect(machine.state.configuration == [.charging])
        #expect(machine.handle(.confirm))
    }
}
