import Foundation
import OrdersKit
import Statecraft
import StatecraftPersistence
import Testing

/// The behaviour every `MachineStore` must have, run by `SQLiteStoreTests` and `PostgresStoreTests`
/// against their stores. Machine identifiers are unique per call, so runs can share a database.
struct StoreContract {
    let store: any MachineStore
    typealias Order = DurableMachine<OrderState, OrderEvent, OrderContext>

    static func uniqueID(_ name: String) -> String { "\(name)-\(UUID().uuidString.prefix(8))" }

    static func entry(_ sequence: Int64, _ eventID: String, _ event: OrderEvent = .addItem) -> JournalEntry {
        JournalEntry(sequence: sequence, eventID: eventID, event: Data("\"\(event.rawValue)\"".utf8))
    }

    /// Load, save, journal: a machine is absent until its first event, then holds each saved version.
    func savesAndLoadsSnapshotsAndJournals() async throws {
        let id = Self.uniqueID("basic")
        #expect(try await store.load(machine: id) == nil)
        try await store.save(machine: id, snapshot: Data("one".utf8), entry: Self.entry(1, "a"))
        try await store.save(machine: id, snapshot: Data("two".utf8), entry: Self.entry(2, "b", .place))
        #expect(try await store.load(machine: id) == StoredMachine(snapshot: Data("two".utf8), version: 2))
        #expect(try await store.journal(machine: id) == [Self.entry(1, "a"), Self.entry(2, "b", .place)])
        #expect(try await store.contains(eventID: "b", machine: id))
        #expect(try await !store.contains(eventID: "c", machine: id))
        #expect(try await store.machines().contains(id))
    }

    /// A stale write fails with a conflict naming both versions, and loses nothing.
    func staleWritesConflictAndLoseNothing() async throws {
        let id = Self.uniqueID("stale")
        try await store.save(machine: id, snapshot: Data("one".utf8), entry: Self.entry(1, "a"))
        await #expect(throws: MachineStoreError.conflict(machine: id, expected: 0, found: 1)) {
            try await store.save(machine: id, snapshot: Data("other".utf8), entry: Self.entry(1, "x"))
        }
        await #expect(throws: MachineStoreError.conflict(machine: id, expected: 4, found: 1)) {
            try await store.save(machine: id, snapshot: Data("ahead".utf8), entry: Self.entry(5, "y"))
        }
        #expect(try await store.load(machine: id) == StoredMachine(snapshot: Data("one".utf8), version: 1))
        #expect(try await store.journal(machine: id) == [Self.entry(1, "a")])
    }

    /// An event identifier already journaled is refused, and nothing is written.
    func duplicateEventsAreRefused() async throws {
        let id = Self.uniqueID("duplicate")
        try await store.save(machine: id, snapshot: Data("one".utf8), entry: Self.entry(1, "a"))
        await #expect(throws: MachineStoreError.duplicateEvent(machine: id, eventID: "a")) {
            try await store.save(machine: id, snapshot: Data("two".utf8), entry: Self.entry(2, "a"))
        }
        #expect(try await store.load(machine: id)?.version == 1)
        #expect(try await store.journal(machine: id).count == 1)
    }

    /// A durable machine persists every event, comes back as it was, and never applies an event twice.
    func durableMachinesSurviveAndApplyEachEventOnce() async throws {
        let id = Self.uniqueID("order")
        let chart = OrderChart.make()
        let order = try await Order(id: id, chart: chart, store: store)
        #expect(try await order.apply(.addItem, id: "e1") == .transitioned)
        #expect(try await order.apply(.pay, id: "e2") == .ignored)
        #expect(try await order.apply(.place, id: "e3") == .transitioned)
        #expect(try await order.apply(.place, id: "e3") == .alreadyApplied)

        let reloaded = try await Order(id: id, chart: chart, store: store)
        #expect(await reloaded.configuration == [.placed])
        #expect(await reloaded.version == 3)
        #expect(await reloaded.snapshot.context.items == 1)
        #expect(try await reloaded.apply(.addItem, id: "e1") == .alreadyApplied)
        let journal = try await store.journal(machine: id)
        #expect(journal.map(\.eventID) == ["e1", "e2", "e3"])
        let replayed = try Order.storedForm(of: try Order.replay(journal, chart: chart, machine: id), machine: id)
        #expect(try await store.load(machine: id)?.snapshot == replayed)
    }

    /// Two writers driving the same machine at once (as two processes would): each event is applied exactly
    /// once, stale writes are retried on the newer state, and the stored state is the replay of the journal.
    func concurrentWritersNeverLoseOrRepeatAnEvent() async throws {
        let id = Self.uniqueID("race")
        let chart = OrderChart.make()
        let first = try await Order(id: id, chart: chart, store: store)
        let second = try await Order(id: id, chart: chart, store: store)
        let events = (0..<40).map { "item-\($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (writer, machine) in [first, second].enumerated() {
                group.addTask {
                    // Both writers are handed every event, in different orders.
                    for eventID in writer == 0 ? events : events.reversed() {
                        try await machine.apply(.addItem, id: eventID)
                    }
                }
            }
            try await group.waitForAll()
        }
        let journal = try await store.journal(machine: id)
        #expect(journal.count == events.count)
        #expect(Set(journal.map(\.eventID)) == Set(events))
        let stored = try #require(try await store.load(machine: id))
        #expect(stored.version == Int64(events.count))
        let replayed = try Order.replay(journal, chart: chart, machine: id)
        #expect(replayed.context.items == events.count)
        #expect(try Order.storedForm(of: replayed, machine: id) == stored.snapshot)
    }

    /// A snapshot stored for another chart is refused with the chart difference, not misread.
    func aSnapshotOfAnotherChartIsATypedError() async throws {
        let id = Self.uniqueID("foreign")
        let other = try Statechart<OrderState, OrderEvent, OrderContext>(initial: .open, context: OrderContext()) {
            ChartState(.open) { OnEvent(.place, target: .placed) }
            ChartState(.placed)
        }
        let saved = try StateMachine(chart: other).snapshot()
        try await store.save(
            machine: id, snapshot: try Order.storedForm(of: saved, machine: id), entry: Self.entry(1, "a"))
        await #expect {
            try await Order(id: id, chart: OrderChart.make(), store: store)
        } throws: { error in
            guard case .snapshot(let machine, .differentChart(let differences))? = error as? DurableMachineError else {
                return false
            }
            return machine == id && differences.contains(.stateAdded("paid"))
        }
    }
}
