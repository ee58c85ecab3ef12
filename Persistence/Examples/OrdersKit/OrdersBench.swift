import Foundation
import StatecraftPersistence
import Synchronization

/// `orders bench`: feeds a stream into the inbox while `workers` in-process ``DurableWorker``s serve it,
/// and measures the durable events applied per second and each event's wait from acceptance to the commit
/// that journaled it.
public struct OrdersBench: Sendable {
    /// The workflow (store, chart, time).
    public let orders: OrdersWorkflow
    /// The stream fed.
    public let stream: OrderStream
    /// The number of workers, sharing the 64 shards (each claims its fair share).
    public let workers: Int
    /// The events offered per second; `nil` offers them as fast as the store accepts them.
    public let rate: Int?
    /// How many acceptances run at once.
    public let feeders: Int

    /// Creates a bench.
    ///
    /// - Parameters:
    ///   - orders: The workflow.
    ///   - stream: The stream.
    ///   - workers: The number of workers; at least 1.
    ///   - rate: Events offered per second, or `nil` for as fast as accepted.
    ///   - feeders: Concurrent acceptances; at least 1.
    public init(orders: OrdersWorkflow, stream: OrderStream, workers: Int, rate: Int?, feeders: Int) {
        self.orders = orders
        self.stream = stream
        self.workers = max(workers, 1)
        self.rate = rate.map { max($0, 1) }
        self.feeders = max(feeders, 1)
    }

    /// What a bench measured.
    public struct Result: Sendable {
        /// Events applied (journaled) per second, from the first acceptance to the last commit.
        public var eventsPerSecond: Double
        /// The median wait from acceptance to commit, in milliseconds.
        public var p50: Double
        /// The 99th percentile of that wait, in milliseconds.
        public var p99: Double
        /// The number of events applied.
        public var events: Int
        /// The passes that applied events, all workers together.
        public var passes: Int = 0
        /// The median duration of those passes, in milliseconds.
        public var passP50: Double = 0
        /// The 99th percentile of their durations, in milliseconds.
        public var passP99: Double = 0

        /// `events_per_second=<n> p50_ms=<x> p99_ms=<y>`.
        public var line: String {
            String(format: "events_per_second=%.0f p50_ms=%.1f p99_ms=%.1f", eventsPerSecond, p50, p99)
        }

        /// `passes=<n> events_per_pass=<n> pass_p50_ms=<x> pass_p99_ms=<y>`: what an event's wait is made of.
        public var passLine: String {
            String(
                format: "passes=%d events_per_pass=%.0f pass_p50_ms=%.1f pass_p99_ms=%.1f", passes,
                passes > 0 ? Double(events) / Double(passes) : 0, passP50, passP99)
        }
    }

    /// Runs the bench on an empty store.
    ///
    /// - Returns: The measurements.
    /// - Throws: ``OrdersError/storeNotEmpty`` when the store holds events already; ``MachineStoreError``,
    ///   ``DurableMachineError``.
    public func run() async throws -> Result {
        guard try await orders.store.journalCount() == 0, try await orders.store.acceptedCount() == 0 else {
            throw OrdersError.storeNotEmpty
        }
        let (orders, stream, workers, rate, feeders) = (orders, stream, workers, rate, feeders)
        let timeline = orders.timeline
        let items = Array(stream)
        let start = timeline.now
        let tally = Tally(start: start)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<feeders {
                group.addTask {
                    // Each lane owns some machines (their events in stream order) and accepts what is due in
                    // one transaction, up to `Self.acceptBatch` events.
                    let mine = items.enumerated().filter { $0.element.machine % feeders == lane }
                    var next = 0
                    while next < mine.count {
                        if let rate {
                            try await timeline.sleep(until: Self.due(mine[next].offset, rate: rate, from: start))
                        }
                        let now = timeline.now
                        var batch: [AcceptedEvent] = []
                        while next < mine.count, batch.count < Self.acceptBatch,
                            rate.map({ Self.due(mine[next].offset, rate: $0, from: start) <= now }) ?? true
                        {
                            let item = mine[next].element
                            batch.append(
                                AcceptedEvent(
                                    machine: OrderStream.machineID(item.machine), position: 0, eventID: item.id,
                                    event: Data("\"\(item.event.rawValue)\"".utf8), acceptedAt: now))
                            next += 1
                        }
                        _ = try await orders.store.accept(batch)
                    }
                }
            }
            for index in 0..<workers {
                group.addTask {
                    let worker = DurableWorker(
                        store: orders.store, chart: orders.chart, owner: "bench-\(index)-\(UUID())", timeline: timeline,
                        snapshotInterval: 16)
                    while tally.state.withLock({ $0.applied }) < items.count {
                        let passStart = timeline.now
                        let pass = try await worker.serveOnce()
                        let now = timeline.now
                        if !pass.acceptances.isEmpty {
                            tally.state.withLock { tally in
                                tally.passes.append(Self.nanoseconds(passStart.duration(to: now)))
                                tally.waits += pass.acceptances.map { Self.nanoseconds($0.duration(to: now)) }
                                tally.finished = max(tally.finished, now)
                                tally.applied += pass.applied
                            }
                        } else {
                            // Until an event is accepted for one of its shards (or its poll interval).
                            await worker.awaitWork()
                        }
                    }
                    try await orders.store.releaseShards(owner: worker.owner)
                }
            }
            try await group.waitForAll()
        }
        let (count, waits, passes, finished) = tally.state.withLock {
            ($0.applied, $0.waits.sorted(), $0.passes.sorted(), $0.finished)
        }
        let seconds = Double(Self.nanoseconds(start.duration(to: finished))) / 1e9
        func percentile(_ fraction: Double, of sorted: [Int64]) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1e6
        }
        return Result(
            eventsPerSecond: seconds > 0 ? Double(count) / seconds : 0, p50: percentile(0.5, of: waits),
            p99: percentile(0.99, of: waits), events: count, passes: passes.count,
            passP50: percentile(0.5, of: passes), passP99: percentile(0.99, of: passes))
    }

    /// A duration in whole nanoseconds.
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    /// What the workers measured so far.
    private final class Tally: Sendable {
        struct State {
            var applied = 0
            var waits: [Int64] = []
            /// The duration of each pass that applied events, in nanoseconds.
            var passes: [Int64] = []
            var finished: DurableInstant
        }
        let state: Mutex<State>
        init(start: DurableInstant) { state = Mutex(State(finished: start)) }
    }

    /// The most events a feeder accepts in one transaction.
    static var acceptBatch: Int { 200 }

    /// When event `index` is offered at `rate` events per second from `start`.
    private static func due(_ index: Int, rate: Int, from start: DurableInstant) -> DurableInstant {
        start.advanced(by: .nanoseconds(Int64(index) * 1_000_000_000 / Int64(rate)))
    }
}
