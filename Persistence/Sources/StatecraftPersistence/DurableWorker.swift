import Statecraft

/// A worker serving the durable machines of the shards it leases: it applies their accepted events and
/// fires their due timers, while other workers — in this process or others, on any host — serve the rest.
///
/// ```swift
/// let worker = DurableWorker(store: store, chart: OrderChart.make(), owner: "worker-\(UUID())")
/// let serving = Task { try await worker.run() }   // until cancelled: then it releases its leases
/// ```
///
/// Each pass (``serveOnce()``) claims its shards again (unless it claimed within ``claimInterval``) —
/// renewing its leases, giving back those beyond its fair share among the live workers and taking free or
/// expired shards up to it (``ShardLeases/claimShards(owner:shardCount:limit:until:now:)``; never more than
/// ``maximumShards``) — then takes a batch of its shards' accepted events
/// (``EventInbox/acceptedEvents(shards:shardCount:limit:)``, acceptance order) and of their due timers,
/// decides every machine's steps by the rules of ``DurableMachine`` (each event after the timers due by its
/// acceptance; the timers due by now of machines with no event waiting) and writes them all in one
/// transaction
/// (``EventInbox/commit(_:)``, a group commit). Should that commit meet a stale version or an event
/// journaled meanwhile — another writer touched a machine — nothing of it is written, and the machines are
/// committed one by one instead, those in conflict being taken again by the next pass.
///
/// A worker keeps the machines it served in memory (up to ``keptMachines``) and loads only the others, in one
/// batch (``MachineStore/load(machines:)``). The journal stays the truth: a machine kept is only the base of a
/// commit, which the store refuses unless the machine's stored version is still the one kept — after such a
/// conflict, and for the shards it no longer holds, the worker forgets the machine and loads it again.
///
/// With durable effects (`effects:`, see "Durable effects" in ``DurableMachine``) the worker also runs the
/// pending effects of its shards (``EffectOutbox/pendingEffects(shards:shardCount:limit:)``), never two runs of one
/// effect at once, in tasks of their own; their completions are written as they finish, and reported in the next
/// ``Pass/effects``. A run whose effect a commit cancelled — this worker's or another writer's — or whose
/// shard the worker lost is cancelled; a worker taking a shard over runs its pending effects again, with the
/// same keys. ``settleEffects()`` waits for the runs in progress.
///
/// Workers started one after the other end up sharing the shards: the first takes them all, and gives back
/// its surplus at its next pass once the others have claimed. A worker that dies keeps its shards until its
/// leases run out; then the others take them over. Two
/// workers never lease the same shard, and should a stalled one write after losing its lease, the store's
/// version checks and unique event identifiers refuse what is stale or repeated.
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
    /// The most shards this worker leases, whatever its fair share.
    public let maximumShards: Int
    /// How long a lease lasts unless renewed: how long a dead worker's machines wait for another.
    public let lease: Duration
    /// The time leases and timers run on.
    public let timeline: DurableTimeline
    /// The longest ``run()`` sleeps when a pass found nothing to do (an event accepted through this
    /// process's store for one of its shards ends the sleep at once: ``awaitWork()``).
    public let pollInterval: Duration
    /// How long a pass may go on with the shards of the previous claim instead of claiming again: zero
    /// claims at every pass; more spares the store a write per pass, and delays by up to as much the
    /// renewal of leases (never beyond a quarter of ``lease``), the fair sharing among new workers and the
    /// takeover of a dead worker's shards.
    public let claimInterval: Duration
    /// The most accepted events, and due timers, one pass takes.
    public let batchSize: Int
    /// How often the machines' snapshots are stored: every this many versions (see
    /// ``DurableMachine/snapshotInterval``).
    public let snapshotInterval: Int
    /// How long ``serveOnceRidingOutOutages()`` (and so ``run()``) keeps trying while the store is
    /// unavailable — connections dropped, the database server restarting — before it gives up.
    public let outageTolerance: Duration
    /// The most machines kept in memory between passes, so that a pass loads only machines it has not
    /// served yet (the journal stays the truth: see the type's discussion).
    public let keptMachines: Int
    /// The durable effects the machines' states start: each pass runs the pending ones of its shards.
    public let effects: [DurableEffect<StateID, Event>]
    /// How long an effect whose run failed (threw, with no event for the failure) waits before running again.
    public let effectRetryDelay: Duration
    /// The machines kept between passes; shared by the copies of this worker.
    let served = ServedMachineCache<DurableMachine<StateID, Event, Context>.TimedState>()
    /// The durable effects running; shared by the copies of this worker.
    let runs = DurableEffectRuns()

    /// Creates a worker.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - chart: The chart of the machines served.
    ///   - owner: The worker's identifier, unique among the store's workers.
    ///   - shardCount: The number of shards; 64 by default.
    ///   - maximumShards: The most shards to lease; by default its fair share (all, when it is alone).
    ///   - lease: How long a lease lasts; 2 seconds by default.
    ///   - timeline: The time; the wall clock by default.
    ///   - pollInterval: The longest idle sleep; 100 ms by default.
    ///   - claimInterval: How long passes go on with the last claim's shards; zero (claim at every pass) by
    ///     default, at most a quarter of `lease`.
    ///   - batchSize: The most events and timers a pass takes; 500 by default.
    ///   - snapshotInterval: Store a snapshot every this many versions; 1 (every version) by default.
    ///   - outageTolerance: How long to keep trying while the store is unavailable; 60 seconds by default.
    ///   - keptMachines: The most machines kept in memory between passes; 100,000 by default, 0 for none.
    ///   - effects: The durable effects the machines' states start; none by default. The store must then be
    ///     an ``EffectOutbox``.
    ///   - effectRetryDelay: How long a failed effect waits before running again; 1 second by default.
    public init(
        store: any EventInbox & ShardLeases, chart: Chart, owner: String, shardCount: Int = 64,
        maximumShards: Int? = nil, lease: Duration = .seconds(2), timeline: DurableTimeline = .wall,
        pollInterval: Duration = .milliseconds(100), claimInterval: Duration = .zero, batchSize: Int = 500,
        snapshotInterval: Int = 1, outageTolerance: Duration = .seconds(60), keptMachines: Int = 100_000,
        effects: [DurableEffect<StateID, Event>] = [], effectRetryDelay: Duration = .seconds(1)
    ) {
        precondition(
            (1...MachineShard.slotCount).contains(shardCount),
            "A store has 1 to \(MachineShard.slotCount) shards, not \(shardCount)")
        self.store = store
        self.chart = chart
        self.owner = owner
        self.shardCount = shardCount
        self.maximumShards = maximumShards ?? shardCount
        self.lease = lease
        self.timeline = timeline
        self.pollInterval = pollInterval
        self.claimInterval = max(.zero, min(claimInterval, lease / 4))
        self.batchSize = max(batchSize, 1)
        self.snapshotInterval = max(snapshotInterval, 1)
        self.outageTolerance = outageTolerance
        self.keptMachines = max(keptMachines, 0)
        self.effects = effects
        self.effectRetryDelay = effectRetryDelay
    }

    /// What one pass did.
    public struct Pass: Sendable, Equatable {
        /// The shards leased during the pass, sorted.
        public var shards: [Int]
        /// The accepted events applied.
        public var applied: Int
        /// The timers fired.
        public var fired: Int
        /// When each event applied was accepted, in acceptance order per machine: with the pass's end, how
        /// long each waited from acceptance to its commit.
        public var acceptances: [DurableInstant] = []
        /// The durable effects whose runs this pass started.
        public var startedEffects = 0
        /// The runs of durable effects that finished since the previous pass, and what became of each.
        public var effects: [DurableEffectReport] = []
    }

    /// Renews and claims leases, applies a batch of the accepted events of the leased shards' machines and
    /// fires their due timers, in one group commit.
    ///
    /// - Returns: What the pass did.
    /// - Throws: ``DurableMachineError``; nothing of the batch is written then.
    /// - Complexity: Three store reads (leases, then inbox and timers at once), one batch load of the machines
    ///   not kept from earlier passes, and one commit — or one per machine when the group commit met a conflict.
    public func serveOnce() async throws(DurableMachineError) -> Pass {
        do {
            return try await serveBatch()
        } catch {
            // Whatever was written, the machines kept may be behind the store now.
            await served.forgetAll()
            throw error
        }
    }

    /// ``serveOnce()``'s pass.
    private func serveBatch() async throws(DurableMachineError) -> Pass {
        typealias Machine = DurableMachine<StateID, Event, Context>
        if !effects.isEmpty {
            try Machine.validate(effects, chart: chart)
            _ = try outbox()
        }
        let passStart = timeline.now
        var claimedAt = passStart
        let shards: [Int]
        var taken: [AcceptedEvent] = []
        var timers: [PendingTimer] = []
        let recent = await served.claim(after: passStart.advanced(by: .zero - claimInterval))
        do throws(MachineStoreError) {
            if let recent {
                (shards, claimedAt) = recent
            } else {
                let until = claimedAt.advanced(by: lease)
                shards = try await store.claimShards(
                    owner: owner, shardCount: shardCount, limit: maximumShards, until: until, now: claimedAt)
                await served.claimed(shards, shardCount: shardCount, at: claimedAt, until: until)
            }
            // Before the inbox is read: an event accepted after it wakes ``awaitWork()``.
            await store.acceptanceSignal?.watch(owner, shards: shards, shardCount: shardCount)
            if !shards.isEmpty {
                // Both at once (two connections on PostgreSQL): a pass waits for one round trip, not two. Either
                // order is safe: a timer of a machine with an event in the batch fires only before that event.
                // The inbox is read by this task itself, which a cancelled store operation may cancel.
                let (store, shardCount, batchSize) = (store, shardCount, batchSize)
                async let due = Self.result { () async throws(MachineStoreError) in
                    try await store.dueTimers(
                        shards: shards, shardCount: shardCount, dueBy: passStart, limit: batchSize)
                }
                taken = try await store.acceptedEvents(shards: shards, shardCount: shardCount, limit: batchSize)
                timers = try await due.get()
            }
        } catch {
            throw .store(error)
        }
        // Each machine's events in acceptance order, then its timers due by now.
        var machines: [String] = []
        var inputs: [String: [Machine.Input]] = [:]
        for event in taken {
            if inputs[event.machine] == nil { machines.append(event.machine) }
            inputs[event.machine, default: []].append(.accepted(event))
        }
        for timer in timers where inputs[timer.machine] == nil {
            machines.append(timer.machine)
            inputs[timer.machine] = []
        }
        let states = try await load(machines)
        var decisions: [Machine.Decision] = []
        for machine in machines {
            guard let (state, version) = states[machine] else {
                preconditionFailure("Internal inconsistency: machine \(machine) of the batch was not loaded")
            }
            // A machine with events waiting fires only the timers due by each one's acceptance: its events
            // beyond the batch (or rows another worker holds) may have been accepted before a later timer.
            let waiting = inputs[machine] ?? []
            decisions.append(
                try Machine.decide(
                    waiting.isEmpty ? [.dueTimers] : waiting, from: state, version: version, now: timeline.now,
                    chart: chart, machine: machine))
        }
        var pass = Pass(shards: shards, applied: 0, fired: 0)
        if claimedAt.duration(to: timeline.now) > lease / 3 {
            // A slow pass (a busy host) renews its leases before writing, so that its shards do not lapse to
            // other workers pass after pass; the machines of shards it no longer holds are left to their owner.
            pass.shards = try await renew()
            let held = Set(pass.shards)
            decisions.removeAll { !held.contains(MachineShard.of($0.machine, count: shardCount)) }
        }
        let written = try await commit(decisions)
        var kept: [String: ServedMachineCache<Machine.TimedState>.Entry] = [:]
        for decision in decisions {
            kept[decision.machine] = .init(state: decision.state, version: decision.version)
        }
        var forgotten: [String] = []
        for decision in decisions where !written.contains(decision.machine) {
            kept[decision.machine] = nil
            forgotten.append(decision.machine)
        }
        await served.update(kept, forgetting: forgotten, capacity: keptMachines)
        var cancelled: [String: [String]] = [:]
        for decision in decisions where written.contains(decision.machine) {
            let changes = decision.effectChanges(effects)
            cancelled[decision.machine] = changes.cancelled + changes.started.map(\.effect)
            pass.applied += decision.applied
            pass.fired += decision.fired
            for case .accepted(let event) in inputs[decision.machine] ?? [] where !event.isJournaled {
                pass.acceptances.append(event.acceptedAt)
            }
        }
        if !effects.isEmpty {
            pass.startedEffects = try await runPendingEffects(shards: pass.shards, cancelled: cancelled)
            pass.effects = await runs.takeReports()
        }
        return pass
    }

    /// The outcome of a store operation, for `async let` (which does not keep typed throws).
    private static func result<Value>(_ operation: () async throws(MachineStoreError) -> Value) async
        -> Result<Value, MachineStoreError>
    {
        do {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }

    /// Claims the shards again in the middle of a pass.
    ///
    /// - Returns: The shards held now.
    private func renew() async throws(DurableMachineError) -> [Int] {
        let renewedAt = timeline.now
        let renewedUntil = renewedAt.advanced(by: lease)
        let held: [Int]
        do {
            held = try await store.claimShards(
                owner: owner, shardCount: shardCount, limit: maximumShards, until: renewedUntil, now: renewedAt)
        } catch {
            throw .store(error)
        }
        await served.claimed(held, shardCount: shardCount, at: renewedAt, until: renewedUntil)
        return held
    }

    /// The state and version of each machine: those kept from earlier passes, the others loaded from the
    /// store in one batch (``MachineStore/load(machines:)``).
    private func load(_ machines: [String]) async throws(DurableMachineError)
        -> [String: (DurableMachine<StateID, Event, Context>.TimedState, Int64)]
    {
        typealias Machine = DurableMachine<StateID, Event, Context>
        var states: [String: (Machine.TimedState, Int64)] = [:]
        for (machine, entry) in await served.entries(of: machines) { states[machine] = (entry.state, entry.version) }
        let missing = machines.filter { states[$0] == nil }
        guard !missing.isEmpty else { return states }
        let stored: [String: StoredMachine]
        do {
            stored = try await store.load(machines: missing)
        } catch {
            throw .store(error)
        }
        let now = timeline.now
        for machine in missing {
            states[machine] = try Machine.restored(stored[machine], id: machine, chart: chart, now: now)
        }
        return states
    }

    /// Writes the decisions in one group commit, or — when it meets a conflict — one by one, skipping those
    /// in conflict.
    ///
    /// - Returns: The machines whose decisions are written (or had nothing to write).
    private func commit(_ decisions: [DurableMachine<StateID, Event, Context>.Decision])
        async throws(DurableMachineError) -> Set<String>
    {
        var pending: [MachineCommit] = []
        var written: Set<String> = []
        for decision in decisions {
            if decision.entries.isEmpty && decision.discarded.isEmpty {
                written.insert(decision.machine)
            } else {
                pending.append(try decision.commit(snapshotInterval: snapshotInterval, effects: effects))
            }
        }
        guard !pending.isEmpty else { return written }
        do throws(MachineStoreError) {
            try await store.commit(pending)
            return written.union(pending.map(\.machine))
        } catch .conflict, .duplicateEvent {
            // Another writer touched one of the machines: commit the others without it.
        } catch {
            throw .store(error)
        }
        for commit in pending {
            do throws(MachineStoreError) {
                try await store.commit([commit])
                written.insert(commit.machine)
            } catch .conflict, .duplicateEvent {
                continue
            } catch {
                throw .store(error)
            }
        }
        return written
    }

    /// ``serveOnce()``, riding out an outage of the store: while a pass fails because the store is unavailable
    /// (``MachineStoreError/unavailable(store:reason:)``: a store gives up on a lost connection after its own
    /// short retries), the pass is tried again every third of a lease, for up to ``outageTolerance``. Nothing of
    /// a failed pass was written; the worker's leases may run out meanwhile, and other workers take its shards
    /// then — the next pass claims what is free.
    ///
    /// - Returns: What the pass that succeeded did.
    /// - Throws: ``DurableMachineError``: any other failure at once, the store's unavailability once it has
    ///   lasted ``outageTolerance``, or once the task is cancelled.
    public func serveOnceRidingOutOutages() async throws(DurableMachineError) -> Pass {
        var outageStart: DurableInstant?
        while true {
            do {
                return try await serveOnce()
            } catch .store(.unavailable(let server, let reason)) {
                let now = timeline.now
                let start = outageStart ?? now
                outageStart = start
                guard start.duration(to: now) < outageTolerance, !Task.isCancelled else {
                    throw .store(.unavailable(store: server, reason: reason))
                }
                do {
                    try await timeline.sleep(until: now.advanced(by: lease / 3))
                } catch {
                    throw .store(.unavailable(store: server, reason: reason))
                }
            }
        }
    }

    /// Serves passes (``serveOnceRidingOutOutages()``) until the task is cancelled — between passes or in the
    /// middle of one — then cancels the durable effects it is running (they stay pending) and releases the
    /// worker's leases (other workers take its shards at once).
    ///
    /// - Throws: ``DurableMachineError`` when the store fails while the task is not cancelled (the leases are
    ///   left to expire then).
    public func run() async throws(DurableMachineError) {
        while !Task.isCancelled {
            let pass: Pass
            do {
                pass = try await serveOnceRidingOutOutages()
            } catch {
                // Cancelled in the middle of a pass, whose store operation failed for it (postgres-nio's
                // are cancelled with their task): the pass wrote all or nothing; stop as after a pass.
                if Task.isCancelled { break }
                throw error
            }
            if pass.applied + pass.fired == 0 { await awaitWork() }
        }
        await store.acceptanceSignal?.unwatch(owner)
        // The effects running stay pending: the next worker of their shards runs them again.
        await runs.cancel { _ in true }
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
}
