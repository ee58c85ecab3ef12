import Foundation
import StatecraftPersistence

/// A `MachineStore` that forwards to another and measures its commits: the time of every
/// save (``save(machine:snapshot:entry:timers:)``) in `statecraft.durable.commit.duration` by result (`committed`,
/// `conflict`, `duplicate`, `failed`), and each version conflict in `statecraft.durable.conflicts`.
///
/// ```swift
/// let metrics = MachineMetrics(machineType: "order")
/// let store = MeasuredMachineStore(try await SQLiteMachineStore(path: "orders.db"), metrics: metrics)
/// let order = try await DurableMachine(id: "order-42", chart: orderChart, store: store)
/// ```
///
/// Everything else is forwarded unmeasured. Timer lag and lease takeovers are not measured yet.
public struct MeasuredMachineStore<Base: MachineStore>: MachineStore {
    /// The store written to.
    public let base: Base
    /// Where the measurements go; its ``MachineMetrics/machineType`` labels them.
    public let metrics: MachineMetrics

    /// Wraps `base`.
    ///
    /// - Parameters:
    ///   - base: The store to forward to.
    ///   - metrics: The metrics of the type of machine the store holds.
    public init(_ base: Base, metrics: MachineMetrics) {
        self.base = base
        self.metrics = metrics
    }

    /// The base store's `MachineStore.save(machine:snapshot:entry:timers:)`, timed; a conflict is counted.
    ///
    /// - Throws: What the base store throws.
    public func save(
        machine: String, snapshot: Data, entry: JournalEntry, timers: [DurableInstant]
    ) async throws(MachineStoreError) {
        guard metrics.isRecording else {
            return try await base.save(machine: machine, snapshot: snapshot, entry: entry, timers: timers)
        }
        let start = metrics.now()
        var result = "committed"
        defer {
            metrics.recordDuration(
                since: start, in: StatecraftMetricLabel.durableCommitDuration,
                (StatecraftMetricLabel.commitOutcome, result))
        }
        do {
            try await base.save(machine: machine, snapshot: snapshot, entry: entry, timers: timers)
        } catch {
            switch error {
            case .conflict:
                result = "conflict"
                metrics.counter(StatecraftMetricLabel.durableConflicts).increment()
            case .duplicateEvent: result = "duplicate"
            default: result = "failed"
            }
            throw error
        }
    }

    /// The base store's `MachineStore.earliestTimers(limit:)`.
    public func earliestTimers(limit: Int) async throws(MachineStoreError) -> [PendingTimer] {
        try await base.earliestTimers(limit: limit)
    }

    /// The base store's `MachineStore.load(machine:)`.
    public func load(machine: String) async throws(MachineStoreError) -> StoredMachine? {
        try await base.load(machine: machine)
    }

    /// The base store's `MachineStore.journal(machine:)`.
    public func journal(machine: String) async throws(MachineStoreError) -> [JournalEntry] {
        try await base.journal(machine: machine)
    }

    /// The base store's `MachineStore.contains(eventID:machine:)`.
    public func contains(eventID: String, machine: String) async throws(MachineStoreError) -> Bool {
        try await base.contains(eventID: eventID, machine: machine)
    }

    /// The base store's `MachineStore.machines()`.
    public func machines() async throws(MachineStoreError) -> [String] {
        try await base.machines()
    }

    /// The base store's `MachineStore.journalCount()`.
    public func journalCount() async throws(MachineStoreError) -> Int {
        try await base.journalCount()
    }

    /// The base store's `MachineStore.close()`.
    public func close() async throws(MachineStoreError) {
        try await base.close()
    }
}
