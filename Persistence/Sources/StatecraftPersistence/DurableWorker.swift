import Statecraft

/// A worker serving the durable machines of the shards it leases: it applies their accepted events and
/// fires their due timers, while other workers — in this process or others, on any host — serve the rest.
///
/// ```swift
/// let worker = DurableWorker(store: store, chart: OrderChart.make(), owner: "worker-\(UUID())")
/// let serving = Task { try await worker.run() }   // until cancelled: then it releases its leases
/// ```
///
/// Each pass (``serveOnce()``) claims its shards again — renewing its leases, taking free or expired
/// shards up to ``maximumShards`` — then, for each machine of its shards with accepted events, applies them
/// with ``DurableMachine/applyAccepted(limit:)`` (acceptance order, exactly once), and fires the due timers
/// of its shards' machines with ``DurableMachine/fireDueTimers()``. A worker that dies keeps its shards
/// until its leases run out; then another takes them over. Two workers never lease the same shard, and
/// should a stalled one write after losing its lease, the store's version checks and unique event
/// identifiers refuse what is stale or repeated.
public struct DurableWorker<
    StateID: Hashable & Sendable & Codable, Event: Codable & Sendable, Context: Codable & Sendable
>: Sendable {
    /// The chart of the machines served.
    public typealias Chart = Statechart<StateID, Event, Context>

    /// The store.
    public let store: any EventInbox & ShardLeases
    /// The chart of the machines served.
    public let chart: Chart
    /// The worker's identifier among the store's workers.
    public let owner: String
    /// The number of shards the store's machines are split into; the same for every worker of the store.
    public let shardCount: Int
    /// The most shards this worker leases.
    public let maximumShards: Int
    /// How long a lease lasts unless renewed: how long a dead worker's machines wait for another.
    public let lease: Duration
    /// The time leases and timers run on.
    public let timeline: DurableTimeline
    /// The longest ``run()`` sleeps when a pass found nothing to do.
    public let pollInterval: Duration

    /// Creates a worker.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - chart: The chart of the machines served.
    ///   - owner: The worker's identifier, unique among the store's workers.
    ///   - shardCount: The number of shards; 64 by default.
    ///   - maximumShards: The most shards to lease; all by default.
    ///   - lease: How long a lease lasts; 2 seconds by default.
    ///   - timeline: The time; the wall clock by default.
    ///   - pollInterval: The longest idle sleep; 100 ms by default.
    public init(
        store: any EventInbox & ShardLeases, chart: Chart, owner: String, shardCount: Int = 64,
        maximumShards: Int? = nil, lease: Duration = .seconds(2), timeline: DurableTimeline = .wall,
        pollInterval: Duration = .milliseconds(100)
    ) {
        self.store = store
        self.chart = chart
        self.owner = owner
        self.shardCount = shardCount
        self.maximumShards = maximumShards ?? shardCount
        self.lease = lease
        self.timeline = timeline
        self.pollInterval = pollInterval
    }

    /// What one pass did.
    public struct Pass: Sendable, Equatable {
        /// The shards leased during the pass, sorted.
        public var shards: [Int]
        /// The accepted events applied.
        public var applied: Int
        /// The timers fired.
        public var fired: Int
    }

    /// Renews and claims leases, applies the accepted events of the leased shards' machines, and fires
    /// their due timers.
    ///
    /// - Returns: What the pass did.
    /// - Throws: ``DurableMachineError``; what was applied before the failure stays applied.
    /// - Complexity: One store read for the machines with accepted events and one for due timers (100 of
    ///   each at most), then per machine served one load, one inbox read and one write per event or timer.
    public func serveOnce() async throws(DurableMachineError) -> Pass {
        let now = timeline.now
        let shards: Set<Int>
        let waiting: [String]
        let timers: [PendingTimer]
        do {
            shards = Set(
                try await store.claimShards(
                    owner: owner, shardCount: shardCount, limit: maximumShards, until: now.advanced(by: lease),
                    now: now))
            waiting = try await store.machinesWithAcceptedEvents(limit: Self.batch)
            timers = try await store.earliestTimers(limit: Self.batch)
        } catch {
            throw .store(error)
        }
        let mine = { (machine: String) in shards.contains(MachineShard.of(machine, count: shardCount)) }
        var pass = Pass(shards: shards.sorted(), applied: 0, fired: 0)
        for machine in waiting where mine(machine) {
            let durable = try await DurableMachine(id: machine, chart: chart, store: store, timeline: timeline)
            pass.applied += try await durable.applyAccepted()
            pass.fired += try await durable.fireDueTimers()
        }
        var visited = Set(waiting)
        for timer in timers where timer.due <= now && mine(timer.machine) && visited.insert(timer.machine).inserted {
            let durable = try await DurableMachine(id: timer.machine, chart: chart, store: store, timeline: timeline)
            // Events accepted before the timers fell due come first.
            pass.applied += try await durable.applyAccepted()
            pass.fired += try await durable.fireDueTimers()
        }
        return pass
    }

    /// Serves passes until the task is cancelled, then releases the worker's leases (other workers take
    /// its shards at once).
    ///
    /// - Throws: ``DurableMachineError`` when the store fails (the leases are left to expire then).
    public func run() async throws(DurableMachineError) {
        while !Task.isCancelled {
            let pass = try await serveOnce()
            if pass.applied + pass.fired == 0 {
                do {
                    try await timeline.sleep(until: timeline.now.advanced(by: min(pollInterval, lease / 3)))
                } catch {
                    break
                }
            }
        }
        // This task is cancelled by now, and so would be its store operations (postgres-nio's are): the
        // release runs in a task of its own.
        let (store, owner) = (store, owner)
        let released = await Task { () async -> Result<Void, MachineStoreError> in
            do throws(MachineStoreError) {
                try await store.releaseShards(owner: owner)
                return .success(())
            } catch {
                return .failure(error)
            }
        }.value
        if case .failure(let error) = released { throw .store(error) }
    }

    /// How many machines, and timers, one pass looks at.
    static var batch: Int { 100 }
}
