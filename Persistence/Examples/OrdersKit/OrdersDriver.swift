import Foundation
import Statecraft
import StatecraftPersistence

/// The `orders` example's driver: applies an ``OrderStream`` to durable order machines from several
/// concurrent workers, continues where the journal ends after a crash, and verifies the store.
///
/// Each worker owns the machines whose index is its number modulo the worker count and applies their
/// events in stream order, so the final states do not depend on scheduling: the checksum of a run equals
/// that of any other run of the same stream, interrupted or not.
///
/// With a payment timeout, the run then waits until every order's timer has fired: orders left placed
/// are cancelled by their durable timer (see ``OrderChart/make(paymentTimeout:)``). Which orders those are
/// depends on time as well as on the stream: a run interrupted for longer than the timeout cancels orders
/// that an uninterrupted run lets their payment reach.
public struct OrdersDriver: Sendable {
    /// The store.
    public let store: any MachineStore
    /// The stream to apply.
    public let stream: OrderStream
    /// The number of concurrent workers.
    public let workers: Int
    /// How long a placed order waits for its payment; `nil` for ever.
    public let paymentTimeout: Duration?
    /// The time the payment timers are due on.
    public let timeline: DurableTimeline

    /// Creates a driver.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - stream: The stream.
    ///   - workers: The number of workers; at least 1.
    ///   - paymentTimeout: How long a placed order waits for its payment; `nil` (the default) for ever.
    ///   - timeline: The time timers are due on; the wall clock by default.
    public init(
        store: any MachineStore, stream: OrderStream, workers: Int, paymentTimeout: Duration? = nil,
        timeline: DurableTimeline = .wall
    ) {
        self.store = store
        self.stream = stream
        self.workers = max(workers, 1)
        self.paymentTimeout = paymentTimeout
        self.timeline = timeline
    }

    /// The order chart, with the payment timeout if there is one.
    var chart: OrderChart.Chart { OrderChart.make(paymentTimeout: paymentTimeout) }

    /// What a finished run reports.
    public struct Summary: Sendable, Equatable {
        /// FNV-1a 64 of every machine's state as restored from the store, in machine order, in hexadecimal.
        public var checksum: String
        /// The number of journal entries in the store.
        public var journal: Int
        /// The number of events applied by this run (the rest were journaled by earlier runs).
        public var applied: Int
        /// With a payment timeout, the number of orders its timer cancelled; `nil` without one.
        public var expired: Int?

        /// The driver's last line: `checksum=<hex> journal=<count>`, then ` expired=<count>` with a payment
        /// timeout.
        public var line: String {
            "checksum=\(checksum) journal=\(journal)" + (expired.map { " expired=\($0)" } ?? "")
        }
    }

    /// Applies the events not journaled yet, then summarises the store.
    ///
    /// - Returns: The summary.
    /// - Throws: ``DurableMachineError``, or ``OrdersError`` when a journal is not a prefix of its
    ///   machine's events.
    public func run() async throws -> Summary {
        let chart = chart
        let applied = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    try await drive(worker: worker, chart: chart)
                }
            }
            return try await group.reduce(0, +)
        }
        if paymentTimeout != nil {
            try await fireTimersUntilNonePending(chart: chart)
        }
        return try await summary(applied: applied)
    }

    /// Summarises the store as it is: the checksum of the orders' states, the journal's length, and with a
    /// payment timeout the orders it cancelled.
    ///
    /// - Parameter applied: The events applied by this run, for ``Summary/applied``.
    /// - Returns: The summary.
    /// - Throws: ``DurableMachineError``.
    public func summary(applied: Int) async throws -> Summary {
        Summary(
            checksum: try await checksum(chart: chart), journal: try await store.journalCount(), applied: applied,
            expired: paymentTimeout == nil ? nil : try await expiredCount())
    }

    /// Fires the orders' timers as they fall due until none waits.
    private func fireTimersUntilNonePending(chart: OrderChart.Chart) async throws {
        let runner = DurableTimerRunner(store: store, chart: chart, timeline: timeline)
        while true {
            try await runner.fireDueTimers()
            guard let next = try await store.earliestTimers(limit: 1).first else { return }
            try await timeline.sleep(until: next.due)
        }
    }

    /// The number of orders a payment timer cancelled: those whose journal holds a fired timer.
    private func expiredCount() async throws -> Int {
        var count = 0
        for index in 0..<stream.machines {
            let journal = try await store.journal(machine: OrderStream.machineID(index))
            if journal.contains(where: \.firesTimer) { count += 1 }
        }
        return count
    }

    /// One worker: loads its machines, skips each one's journaled events and applies the rest in order.
    private func drive(worker: Int, chart: OrderChart.Chart) async throws -> Int {
        var machines: [Int: DurableMachine<OrderState, OrderEvent, OrderContext>] = [:]
        var skip: [Int: Int64] = [:]
        for index in stride(from: worker, to: stream.machines, by: workers) {
            let id = OrderStream.machineID(index)
            machines[index] = try await DurableMachine(id: id, chart: chart, store: store, timeline: timeline)
            // The stream's events already journaled (fired timers, journaled too, are not the stream's).
            skip[index] =
                paymentTimeout == nil
                ? await machines[index]?.version ?? 0
                : Int64(try await store.journal(machine: id).count { !$0.firesTimer })
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

    /// The checksum of every machine's state as restored from the store — its snapshot, with the journal
    /// entries after it replayed (a machine without events counts with its initial snapshot).
    private func checksum(chart: OrderChart.Chart) async throws -> String {
        typealias Machine = DurableMachine<OrderState, OrderEvent, OrderContext>
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in 0..<stream.machines {
            let id = OrderStream.machineID(index)
            let restored = try await Machine(id: id, chart: chart, store: store, timeline: timeline).snapshot
            let snapshot = try Machine.storedForm(of: restored, machine: id)
            for byte in Data("\(id)=".utf8) + snapshot + Data("\n".utf8) {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Checks the store against the stream: each machine's journal holds exactly its first events, in
    /// order, each once; its version is the journal's length; and its state as restored from the store (its
    /// last snapshot and the entries after it) equals a replay of its whole journal.
    ///
    /// - Returns: The problems found; empty when the store is consistent.
    /// - Throws: ``DurableMachineError`` when the store cannot be read.
    public func verify() async throws -> [String] {
        typealias Machine = DurableMachine<OrderState, OrderEvent, OrderContext>
        let chart = chart
        var expected: [Int: [String]] = [:]
        for item in stream { expected[item.machine, default: []].append(item.id) }
        var problems: [String] = []
        for index in 0..<stream.machines {
            let id = OrderStream.machineID(index)
            let journal = try await store.journal(machine: id)
            let ids = journal.filter { !$0.firesTimer }.map(\.eventID)
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
            let replayed = try Machine.storedForm(
                of: try Machine.replay(journal, chart: chart, machine: id), machine: id)
            let restored = try await Machine(id: id, chart: chart, store: store, timeline: timeline).snapshot
            if replayed != (try Machine.storedForm(of: restored, machine: id)) {
                problems.append("\(id): the stored state differs from a replay of its journal")
            }
        }
        return problems
    }
}
