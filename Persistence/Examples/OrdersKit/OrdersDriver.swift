import Foundation
import Statecraft
import StatecraftPersistence

/// The `orders` example's driver: applies an ``OrderStream`` to durable order machines from several
/// concurrent workers, continues where the journal ends after a crash, and verifies the store.
///
/// Each worker owns the machines whose index is its number modulo the worker count and applies their
/// events in stream order, so the final states do not depend on scheduling: the checksum of a run equals
/// that of any other run of the same stream, interrupted or not.
public struct OrdersDriver: Sendable {
    /// The store.
    public let store: any MachineStore
    /// The stream to apply.
    public let stream: OrderStream
    /// The number of concurrent workers.
    public let workers: Int

    /// Creates a driver.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - stream: The stream.
    ///   - workers: The number of workers; at least 1.
    public init(store: any MachineStore, stream: OrderStream, workers: Int) {
        self.store = store
        self.stream = stream
        self.workers = max(workers, 1)
    }

    /// What a finished run reports.
    public struct Summary: Sendable, Equatable {
        /// FNV-1a 64 of every machine's stored snapshot, in machine order, in hexadecimal.
        public var checksum: String
        /// The number of journal entries in the store.
        public var journal: Int
        /// The number of events applied by this run (the rest were journaled by earlier runs).
        public var applied: Int

        /// The driver's last line: `checksum=<hex> journal=<count>`.
        public var line: String { "checksum=\(checksum) journal=\(journal)" }
    }

    /// Applies the events not journaled yet, then summarises the store.
    ///
    /// - Returns: The summary.
    /// - Throws: ``DurableMachineError``, or ``OrdersError`` when a journal is not a prefix of its
    ///   machine's events.
    public func run() async throws -> Summary {
        let chart = OrderChart.make()
        let applied = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    try await drive(worker: worker, chart: chart)
                }
            }
            return try await group.reduce(0, +)
        }
        return Summary(checksum: try await checksum(chart: chart), journal: try await store.journalCount(), applied: applied)
    }

    /// One worker: loads its machines, skips each one's journaled events and applies the rest in order.
    private func drive(worker: Int, chart: OrderChart.Chart) async throws -> Int {
        var machines: [Int: DurableMachine<OrderState, OrderEvent, OrderContext>] = [:]
        var skip: [Int: Int64] = [:]
        for index in stride(from: worker, to: stream.machines, by: workers) {
            let machine = try await DurableMachine(id: OrderStream.machineID(index), chart: chart, store: store)
            machines[index] = machine
            skip[index] = await machine.version
        }
        var applied = 0
        for item in stream where item.machine % workers == worker {
            guard let machine = machines[item.machine] else { continue }
            if let left = skip[item.machine], left > 0 {
                skip[item.machine] = left - 1
                continue
            }
            if try await machine.apply(item.event, id: item.id) != .alreadyApplied { applied += 1 }
        }
        return applied
    }

    /// The checksum of every machine's stored snapshot (a machine without events counts with its initial
    /// snapshot).
    private func checksum(chart: OrderChart.Chart) async throws -> String {
        typealias Machine = DurableMachine<OrderState, OrderEvent, OrderContext>
        let initial = try Machine.storedForm(of: try StateMachine(chart: chart).snapshot(), machine: "initial")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in 0..<stream.machines {
            let id = OrderStream.machineID(index)
            let snapshot = try await store.load(machine: id)?.snapshot ?? initial
            for byte in Data("\(id)=".utf8) + snapshot + Data("\n".utf8) {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Checks the store against the stream: each machine's journal holds exactly its first events, in
    /// order, each once; its version is the journal's length; and its stored snapshot equals a replay of
    /// its journal.
    ///
    /// - Returns: The problems found; empty when the store is consistent.
    /// - Throws: ``DurableMachineError`` when the store cannot be read.
    public func verify() async throws -> [String] {
        typealias Machine = DurableMachine<OrderState, OrderEvent, OrderContext>
        let chart = OrderChart.make()
        var expected: [Int: [String]] = [:]
        for item in stream { expected[item.machine, default: []].append(item.id) }
        var problems: [String] = []
        for index in 0..<stream.machines {
            let id = OrderStream.machineID(index)
            let journal = try await store.journal(machine: id)
            let ids = journal.map(\.eventID)
            let events = expected[index] ?? []
            if ids != Array(events.prefix(ids.count)) {
                problems.append("\(id): the journal is not the machine's first \(ids.count) events, each once")
            }
            if journal.map(\.sequence) != (0..<journal.count).map({ Int64($0 + 1) }) {
                problems.append("\(id): journal sequences are not 1…\(journal.count)")
            }
            guard let stored = try await store.load(machine: id) else {
                if !journal.isEmpty { problems.append("\(id): a journal without a snapshot") }
                continue
            }
            if stored.version != Int64(journal.count) {
                problems.append("\(id): version \(stored.version) but \(journal.count) journal entries")
            }
            let replayed = try Machine.storedForm(of: try Machine.replay(journal, chart: chart, machine: id), machine: id)
            if replayed != stored.snapshot {
                problems.append("\(id): the stored state differs from a replay of its journal")
            }
        }
        return problems
    }
}
