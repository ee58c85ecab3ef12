import Foundation
import Statecraft
import Testing

/// A snapshot that does not fit the chart restoring it is refused with an error naming what differs; a
/// migration hook rewrites snapshots of charts whose states were renamed.
@MainActor
@Suite("Snapshot restore errors and migration")
struct SnapshotRestoreErrorTests {
    enum Step: String, Hashable, Sendable, Codable { case cart, paying, charging, paid, refunded }
    enum Input: String, Hashable, Sendable, Codable { case pay, confirm, refund }
    typealias Checkout = Statechart<Step, Input, Int>

    /// Version 1: cart → paying → paid.
    static func version1() throws -> Checkout {
        try Checkout(initial: .cart, context: 0) {
            ChartState(.cart) { OnEvent(.pay, target: .paying) }
            ChartState(.paying) { OnEvent(.confirm, target: .paid) }
            ChartState(.paid)
        }
    }

    /// Version 2: `.paying` renamed `.charging`.
    static func version2() throws -> Checkout {
        try Checkout(initial: .cart, context: 0) {
            ChartState(.cart) { OnEvent(.pay, target: .charging) }
            ChartState(.charging) { OnEvent(.confirm, target: .paid) }
            ChartState(.paid)
        }
    }

    static func savedInPaying() throws -> StatechartSnapshot<Step, Input, Int> {
        let machine = StateMachine(chart: try version1())
        machine.send(.pay)
        return try machine.snapshot()
    }

    static func json(_ snapshot: StatechartSnapshot<Step, Input, Int>) throws -> SnapshotJSON {
        try JSONDecoder().decode(SnapshotJSON.self, from: JSONEncoder().encode(snapshot))
    }

    @Test func anotherChartIsRefusedNamingTheStatesThatDiffer() throws {
        let saved = try Self.savedInPaying()
        #expect(
            throws: SnapshotError.differentChart([
                .stateRemoved("paying"), .stateAdded("charging"), .stateChanged("cart"),
            ])
        ) {
            try StateMachine(chart: try Self.version2(), restoring: saved)
        }
        let error = SnapshotError.differentChart([.stateRemoved("paying")])
        #expect(error.description.contains("\"paying\""))
    }

    @Test func aChangedTransitionIsNamedByItsSourceState() throws {
        let saved = try Self.savedInPaying()
        let changed = try Checkout(initial: .cart, context: 0) {
            ChartState(.cart) { OnEvent(.pay, target: .paying) }
            ChartState(.paying) {
                OnEvent(.confirm, target: .paid)
                OnEvent(.refund, target: .cart)
            }
            ChartState(.paid)
        }
        #expect(throws: SnapshotError.differentChart([.stateChanged("paying")])) {
            try StateMachine(chart: changed, restoring: saved)
        }
    }

    @Test func aNewerFormatIsRefused() throws {
        var saved = try Self.savedInPaying()
        saved.formatVersion = 2
        #expect(throws: SnapshotError.newerFormat(found: 2, supported: 1)) {
            try StateMachine(chart: try Self.version1(), restoring: saved)
        }
        var json = try Self.json(try Self.savedInPaying())
        json["formatVersion"] = .integer(7)
        #expect(throws: SnapshotError.newerFormat(found: 7, supported: 1)) {
            try StatechartSnapshot(json: json, for: try Self.version1())
        }
    }

    @Test func aMigrationRenamesStatesAndTheMachineCarriesOn() throws {
        let migration = SnapshotMigration { old in old.renamingState(.string("paying"), to: .string("charging")) }
        let chart = try Self.version2()
        let saved = try StatechartSnapshot(
            json: try Self.json(try Self.savedInPaying()), for: chart, migration: migration)
        let machine = try StateMachine(chart: chart, restoring: saved)
        #expect(machine.state.configuration == [.charging])
        #expect(machine.handle(.confirm))
        #expect(machine.state.configuration == [.paid])
    }

    @Test func withoutMigrationTheJSONPathReportsTheDifferenceToo() throws {
        let chart = try Self.version2()
        let saved = try StatechartSnapshot(json: try Self.json(try Self.savedInPaying()), for: chart)
        #expect(
            throws: SnapshotError.differentChart([
                .stateRemoved("paying"), .stateAdded("charging"), .stateChanged("cart"),
            ])
        ) {
            try StateMachine(chart: chart, restoring: saved)
        }
    }

    @Test func aMigrationThatLeavesAnOldStateIsRefusedNamingIt() throws {
        let forgetful = SnapshotMigration { old in old }
        let chart = try Self.version2()
        let saved = try StatechartSnapshot(
            json: try Self.json(try Self.savedInPaying()), for: chart, migration: forgetful)
        #expect(throws: SnapshotError.unknownState("paying", place: "configuration")) {
            try StateMachine(chart: chart, restoring: saved)
        }
    }

    @Test func aFailingMigrationAndMalformedJSONAreTypedErrors() throws {
        struct Unsupported: Error, CustomStringConvertible { var description: String { "no rule for v0" } }
        let failing = SnapshotMigration { _ in throw Unsupported() }
        let chart = try Self.version2()
        #expect(throws: SnapshotError.migrationFailed("no rule for v0")) {
            try StatechartSnapshot(json: try Self.json(try Self.savedInPaying()), for: chart, migration: failing)
        }
        var json = try Self.json(try Self.savedInPaying())
        json["configuration"] = .string("paying")
        #expect {
            try StatechartSnapshot(json: json, for: try Self.version1())
        } throws: { error in
            guard case .malformed = error as? SnapshotError else { return false }
            return true
        }
        #expect(throws: SnapshotError.malformed("no integer formatVersion at the top level")) {
            try StatechartSnapshot(json: .object([:]), for: chart)
        }
    }

    @Test func historyOnAStateThatIsNotAHistoryStateIsRefused() throws {
        var saved = try Self.savedInPaying()
        saved.histories = [.init(history: .cart, states: [.paid])]
        #expect(throws: SnapshotError.notAHistoryState("cart")) {
            try StateMachine(chart: try Self.version1(), restoring: saved)
        }
    }
}
