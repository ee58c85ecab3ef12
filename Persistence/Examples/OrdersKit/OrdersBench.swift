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
    /// Whether to time the parts of an event's wait (``Result/phaseLine``): each worker's store calls go
    /// through a timing wrapper then.
    public let timesPhases: Bool

    /// Creates a bench.
    ///
    /// - Parameters:
    ///   - orders: The workflow.
    ///   - stream: The stream.
    ///   - workers: The number of workers; at least 1.
    ///   - rate: Events offered per second, or `nil` for as fast as accepted.
    ///   - feeders: Concurrent acceptances; at least 1.
    ///   - timesPhases: Whether to time the parts of an event's wait; no by default.
    public init(
        orders: OrdersWorkflow, stream: OrderStream, workers: Int, rate: Int?, feeders: Int, timesPhases: Bool = false
    ) {
        self.timesPhases = timesPhases
        self.orders = orders
        self.stream = stream
        self.workers = max(workers, 1)
        self.rate = rate.map { max($0, 1) }
        self.feeders = max(feeders, 1)
    }

    /// The acceptances run at once unless told: 8 as fast as the store accepts, 1 at a fixed `rate` — one
    /// feeder accepts every event due in one transaction and keeps up with 5,000 events/s on PostgreSQL here,
    /// while eight feeders, each waking for its events' instants, took enough of a 2-core host to double the
    /// waits they measure (2 workers at 5,000/s: p50 51 to 63 ms with eight, 24 to 27 with one).
    ///
    /// - Parameter rate: The events offered per second, or `nil`.
    /// - Returns: The number of feeders.
    public static func defaultFeeders(rate: Int?) -> Int { rate == nil ? 8 : 1 }

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
        /// The parts of an event's wait, when timed: `phase_p50_ms/phase_p99_ms` pairs.
        public var phaseLine: String?

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
        let (orders, stream, workers, rate, feeders, timesPhases) = (
            orders, stream, workers, rate, feeders, timesPhases
        )
        let timeline = orders.timeline
        let items = Array(stream)
        let owners = (0..<workers).map { "bench-\($0)-\(UUID())" }
        try await Self.shareShards(among: owners, store: orders.store, timeline: timeline)
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
                        let acceptStart = timeline.now
                        _ = try await orders.store.accept(batch)
                        if timesPhases {
                            let took = Self.nanoseconds(acceptStart.duration(to: timeline.now))
                            tally.state.withLock { $0.phases["accept", default: []].append(took) }
                        }
                    }
                }
            }
            for index in 0..<workers {
                group.addTask {
                    let timed = timesPhases ? PhaseTimedStore(orders.store) : nil
                    let worker = DurableWorker(
                        store: timed ?? orders.store, chart: orders.chart, owner: owners[index],
                        timeline: timeline, claimInterval: Self.claimInterval, snapshotInterval: 16)
                    while tally.state.withLock({ $0.applied }) < items.count {
                        let passStart = timeline.now
                        let pass = try await worker.serveOnce()
                        let now = timeline.now
                        let phases = timed?.takePhases()
                        if !pass.acceptances.isEmpty {
                            tally.state.withLock { tally in
                                if let phases {
                                    tally.record(phases, pass: Self.nanoseconds(passStart.duration(to: now)))
                                    tally.phases["queued", default: []] += pass.acceptances.map {
                                        Self.nanoseconds($0.duration(to: passStart))
                                    }
                                }
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
        let (count, waits, passes, finished, phases) = tally.state.withLock {
            ($0.applied, $0.waits.sorted(), $0.passes.sorted(), $0.finished, $0.phases)
        }
        let seconds = Double(Self.nanoseconds(start.duration(to: finished))) / 1e9
        func percentile(_ fraction: Double, of sorted: [Int64]) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1e6
        }
        var result = Result(
            eventsPerSecond: seconds > 0 ? Double(count) / seconds : 0, p50: percentile(0.5, of: waits),
            p99: percentile(0.99, of: waits), events: count, passes: passes.count,
            passP50: percentile(0.5, of: passes), passP99: percentile(0.99, of: passes))
        if timesPhases {
            result.phaseLine = Self.phaseOrder.map { phase in
                let sorted = (phases[phase] ?? []).sorted()
                return String(
                    format: "%@_p50_ms=%.1f %@_p99_ms=%.1f", phase, percentile(0.5, of: sorted), phase,
                    percentile(0.99, of: sorted))
            }.joined(separator: " ")
        }
        return result
    }

    /// The parts of an event's wait, in the order `--phases` prints them: the feeder's acceptance (one
    /// transaction of up to ``acceptBatch`` events), the wait from acceptance to the start of the pass that
    /// took the event, then that pass's store operations and the rest of it (deciding the steps, coding).
    private static let phaseOrder = ["accept", "queued", "claim", "inbox", "timers", "load", "step", "commit"]

    /// Has `owners` claim the 64 shards in turn until each holds its fair share
    /// (``ShardLeases/fairShare(of:workers:limit:)``), for the 2-second leases of the bench's workers: what
    /// ``run()`` does before the feed starts, so that the waits are measured with the workers settled — not
    /// while the first of them, having claimed every shard, gives them back one claim interval later.
    ///
    /// - Parameters:
    ///   - owners: The workers' identifiers.
    ///   - store: The store.
    ///   - timeline: The time the leases run on.
    /// - Returns: The number of shards each owner holds, in the order of `owners`.
    /// - Throws: ``MachineStoreError``.
    @discardableResult
    public static func shareShards(
        among owners: [String], store: any EventInbox & ShardLeases, timeline: DurableTimeline
    ) async throws -> [Int] {
        let shardCount = 64
        let share = (shardCount + owners.count - 1) / max(owners.count, 1)
        var held: [Int] = []
        for _ in 0..<4 {
            held = []
            for owner in owners {
                let now = timeline.now
                held.append(
                    try await store.claimShards(
                        owner: owner, shardCount: shardCount, limit: shardCount, until: now.advanced(by: .seconds(2)),
                        now: now
                    ).count)
            }
            if held.allSatisfy({ $0 <= share }), held.reduce(0, +) == shardCount { break }
        }
        return held
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
            /// With `--phases`: the durations of each part of an event's wait (``phaseOrder``), in nanoseconds.
            var phases: [String: [Int64]] = [:]

            /// Records the store operations of a pass that applied events, and the rest of its `pass`
            /// nanoseconds: the inbox and the timers are read at once, the longer of the two counts.
            mutating func record(_ timed: PhaseTimedStore.Phases, pass: Int64) {
                phases["claim", default: []].append(timed.claim)
                phases["inbox", default: []].append(timed.inbox)
                phases["timers", default: []].append(timed.timers)
                phases["load", default: []].append(timed.load)
                phases["commit", default: []].append(timed.commit)
                let stored = timed.claim + max(timed.inbox, timed.timers) + timed.load + timed.commit
                phases["step", default: []].append(max(pass - stored, 0))
            }
        }
        let state: Mutex<State>
        init(start: DurableInstant) { state = Mutex(State(finished: start)) }
    }

    /// How long a worker's passes go on with its last claim's shards: as `orders serve`'s workers, with their
    /// 2-second leases (``DurableWorker/claimInterval``).
    static var claimInterval: Duration { .milliseconds(250) }

    /// The most events a feeder accepts in one transaction.
    static var acceptBatch: Int { 200 }

    /// When event `index` is offered at `rate` events per second from `start`.
    private static func due(_ index: Int, rate: Int, from start: DurableInstant) -> DurableInstant {
        start.advanced(by: .nanoseconds(Int64(index) * 1_000_000_000 / Int64(rate)))
    }
}
