import Foundation
import Statecraft

/// A chart machine whose every event is persisted: applying an event stores the machine's new snapshot
/// and appends the event to its journal in one atomic write to a ``MachineStore``.
///
/// ```swift
/// let store = try await SQLiteMachineStore(path: "orders.db")
/// let order = try await DurableMachine(id: "order-42", chart: orderChart, store: store)
/// try await order.apply(.pay, id: "payment-7781")   // .transitioned
/// try await order.apply(.pay, id: "payment-7781")   // .alreadyApplied: never twice
/// ```
///
/// A crash at any instant leaves the store with the old snapshot and journal or the new ones, never half:
/// a machine loaded after a crash is exactly the last one stored. Events carry identifiers, unique per
/// machine; an event already journaled is not applied again, so a client that retries after a crash (or
/// two processes handed the same event) cannot apply it twice.
///
/// Several processes may drive the same machine: each write is based on a version, and a stale one is
/// refused by the store (``MachineStoreError/conflict(machine:expected:found:)``); the machine then reloads
/// and applies the event to the newer state, up to ``maximumAttempts`` times.
///
/// Delayed events of the chart are saved in the snapshots with their remaining time, but a durable machine
/// does not deliver them: it applies the events given to ``apply(_:id:)``.
public actor DurableMachine<
    StateID: Hashable & Sendable & Codable, Event: Codable & Sendable, Context: Codable & Sendable
> {
    /// The chart the machine runs.
    public typealias Chart = Statechart<StateID, Event, Context>
    /// The saved form of the machine.
    public typealias Snapshot = StatechartSnapshot<StateID, Event, Context>

    /// The machine's identifier in the store.
    public nonisolated let id: String
    /// The chart the machine runs.
    public nonisolated let chart: Chart
    /// The store holding the machine.
    public nonisolated let store: any MachineStore
    /// How many stale writes in a row ``apply(_:id:)`` retries before giving up.
    public nonisolated let maximumAttempts: Int

    /// The machine's current snapshot, as stored.
    public private(set) var snapshot: Snapshot
    /// The stored version: the number of journaled events; 0 for a machine never stored.
    public private(set) var version: Int64

    /// Loads the machine from the store, or starts it from the chart's initial state when the store has
    /// none (it is stored with its first event).
    ///
    /// - Parameters:
    ///   - id: The machine's identifier.
    ///   - chart: The chart; it must be the chart of the stored snapshot.
    ///   - store: The store.
    ///   - maximumAttempts: How many stale writes in a row to retry; 100 by default.
    /// - Throws: ``DurableMachineError``.
    public init(id: String, chart: Chart, store: any MachineStore, maximumAttempts: Int = 100)
        async throws(DurableMachineError)
    {
        self.id = id
        self.chart = chart
        self.store = store
        self.maximumAttempts = maximumAttempts
        (snapshot, version) = try await Self.load(id: id, chart: chart, store: store)
    }

    /// The active states, in document order.
    public var configuration: [StateID] { snapshot.configuration }

    /// Applies `event` and persists the result atomically, unless its identifier is already journaled.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - eventID: The event's identifier, unique per machine.
    /// - Returns: ``DurableOutcome``.
    /// - Throws: ``DurableMachineError``; the machine and the store are then as they were.
    @discardableResult
    public func apply(_ event: Event, id eventID: String) async throws(DurableMachineError) -> DurableOutcome {
        let eventJSON = try SnapshotCoding.encode(event, machine: id)
        for _ in 0..<maximumAttempts {
            if try await isJournaled(eventID) {
                try await reload()
                return .alreadyApplied
            }
            let machine = try restoredMachine(snapshot)
            let outcome = machine.send(event)
            let next: Snapshot
            do {
                next = try machine.snapshot()
            } catch {
                throw .snapshot(machine: id, error)
            }
            let nextJSON = try SnapshotCoding.encode(next, machine: id)
            let entry = JournalEntry(sequence: version + 1, eventID: eventID, event: eventJSON)
            switch await save(nextJSON, entry) {
            case .success:
                // Another call on this actor may have reloaded a newer version meanwhile: never go back.
                if entry.sequence > version {
                    snapshot = next
                    version = entry.sequence
                }
                return outcome == .transitioned ? .transitioned : .ignored
            case .failure(.conflict):
                try await reload()
            case .failure(.duplicateEvent):
                try await reload()
                return .alreadyApplied
            case .failure(let error):
                throw .store(error)
            }
        }
        throw .tooManyConflicts(machine: id, attempts: maximumAttempts)
    }

    /// Reads the machine from the store again (after another writer moved it on).
    ///
    /// - Throws: ``DurableMachineError``.
    public func reload() async throws(DurableMachineError) {
        (snapshot, version) = try await Self.load(id: id, chart: chart, store: store)
    }

    /// Whether the store's journal already holds the event.
    private func isJournaled(_ eventID: String) async throws(DurableMachineError) -> Bool {
        do {
            return try await store.contains(eventID: eventID, machine: id)
        } catch {
            throw .store(error)
        }
    }

    /// One atomic write of the next snapshot and its journal entry.
    private func save(_ snapshot: Data, _ entry: JournalEntry) async -> Result<Void, MachineStoreError> {
        do {
            try await store.save(machine: id, snapshot: snapshot, entry: entry)
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// A machine running the chart from a snapshot; nothing runs while restoring.
    private func restoredMachine(_ snapshot: Snapshot) throws(DurableMachineError) -> StateMachine<Chart> {
        do {
            return try StateMachine(chart: chart, restoring: snapshot)
        } catch {
            throw .snapshot(machine: id, error)
        }
    }

    private static func load(id: String, chart: Chart, store: any MachineStore)
        async throws(DurableMachineError) -> (Snapshot, Int64)
    {
        let stored: StoredMachine?
        do {
            stored = try await store.load(machine: id)
        } catch {
            throw .store(error)
        }
        guard let stored else {
            do {
                return (try StateMachine(chart: chart).snapshot(), 0)
            } catch {
                throw .snapshot(machine: id, error)
            }
        }
        let snapshot = try SnapshotCoding.decode(Snapshot.self, from: stored.snapshot, machine: id)
        do {
            // Checked now, so that a snapshot of another chart is reported when the machine is loaded.
            _ = try chart.restoring(snapshot)
        } catch {
            throw .snapshot(machine: id, error)
        }
        return (snapshot, stored.version)
    }
}
