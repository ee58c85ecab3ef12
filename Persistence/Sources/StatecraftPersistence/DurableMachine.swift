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
/// ## Durable timers
/// Delayed events of the chart (`AfterDelay`, `send(_:after:id:)`) are durable timers: each is stored with
/// the absolute instant it falls due on the ``timeline`` (`MachineStore/earliestTimers(limit:)` finds them
/// across machines), and a timer cancelled by leaving its state is deleted in the same write that leaves
/// it. Whichever process serves the machine fires them: ``fireDueTimers()`` (or a ``DurableTimerRunner``
/// running it for a store's machines) delivers every timer due, earliest first, each journaled like an
/// event — so after downtime the overdue timers fire at once, in due order. The rule between events and
/// timers:
///
/// - An event is *accepted* when ``apply(_:id:)`` returns — its journal entry is committed, in the same
///   transaction as the state it led to — or when the store's inbox holds it (``EventInbox``):
///   ``applyAccepted(limit:)`` applies those in acceptance order, each after the timers due by the instant
///   it was accepted and before the others.
/// - ``apply(_:id:)`` at instant *t* first fires every timer due at or before *t*, then applies the event.
///   A timer fires on the newest stored state (a stale write is retried on the newer one), so an event
///   accepted before a timer's due time is applied before that timer — even if the process that accepted it
///   died right after — and a timer its event cancelled never fires.
///
/// ## Durable effects
/// Work a state starts — a payment capture, an e-mail — is a ``DurableEffect`` given to the machine
/// (`effects:`), on a store that keeps an outbox (``EffectOutbox``: both stores do). The guarantees:
///
/// - **Recorded with the step**: the write of the step whose state enters the configuration inserts the
///   effect into the outbox (a machine's initial state's effects, with its first stored event); a crash
///   leaves the step and the effect both written or neither.
/// - **At least once, with a stable key**: whichever process serves the machine runs the pending effects —
///   ``runPendingEffects()``, or a ``DurableWorker`` with the same effects — and runs them again after a crash
///   or a lease taken over, handing every run of one start the same idempotency key
///   (``DurableEffectRun/key``, `<machine>/<effect>/<version that entered the state>`) to pass on.
/// - **Completion exactly once**: the event an effect completes with is journaled under its key, in the
///   write that removes the effect from the outbox — refused if the key is journaled (another run came first:
///   ``DurableEffectOutcome/alreadyApplied``) or the effect is no longer pending.
/// - **Cancelled durably by leaving**: the write of the step whose state leaves the configuration deletes
///   the effect; the run in progress in this process is cancelled (a worker cancels its own at its next pass),
///   and a completion arriving later is dropped (``DurableEffectOutcome/cancelled``), even when a timer
///   left the state while the effect ran.
///
/// Effects follow the configuration: a transition that exits and re-enters a state in one step keeps its
/// effect as it is. Every process that writes the machine must declare the same effects — a writer without
/// them leaves a state without cancelling its effect, which then runs once more: that run finds the state
/// left, drops its completion and discards the effect.
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
    /// The time timers are due on.
    public nonisolated let timeline: DurableTimeline
    /// How often an ``EventInbox`` store keeps a snapshot: every this many versions (the journal entries
    /// after the last one restore the machine). Other stores keep every version's.
    public nonisolated let snapshotInterval: Int
    /// The durable effects the machine's states start (see "Durable effects" above).
    public nonisolated let effects: [DurableEffect<StateID, Event>]

    /// The effects ``runPendingEffects()`` is running, by name: cancelled when a write of this machine
    /// cancels them.
    var runningEffects: [String: RunningEffect] = [:]

    /// The machine's state as stored: its snapshot and its timers' due instants.
    var state: TimedState
    /// The stored version: the number of journaled events; 0 for a machine never stored.
    public private(set) var version: Int64

    /// The machine's current snapshot, as stored (its delayed events' remaining times count from the
    /// instant it was stored; ``timerDues`` holds when they fall due).
    public var snapshot: Snapshot { state.snapshot }

    /// When each of the snapshot's delayed events falls due, in delivery order.
    public var timerDues: [DurableInstant] { state.dues }

    /// Loads the machine from the store, or starts it from the chart's initial state when the store has
    /// none (it is stored with its first event).
    ///
    /// - Parameters:
    ///   - id: The machine's identifier.
    ///   - chart: The chart; it must be the chart of the stored snapshot.
    ///   - store: The store.
    ///   - maximumAttempts: How many stale writes in a row to retry; 100 by default.
    ///   - timeline: The time timers are due on; the wall clock by default.
    ///   - snapshotInterval: Keep a snapshot every this many versions; 1 (every version) by default.
    ///   - effects: The durable effects its states start; none by default. The store must then be an
    ///     ``EffectOutbox``.
    /// - Throws: ``DurableMachineError``: ``DurableMachineError/noOutbox(machine:store:)`` for effects on a
    ///   store without an outbox, ``DurableMachineError/invalidEffect(name:problem:)`` for two effects of one
    ///   name or an effect of a state the chart lacks.
    public init(
        id: String, chart: Chart, store: any MachineStore, maximumAttempts: Int = 100,
        timeline: DurableTimeline = .wall, snapshotInterval: Int = 1, effects: [DurableEffect<StateID, Event>] = []
    ) async throws(DurableMachineError) {
        try Self.validate(effects, chart: chart)
        if !effects.isEmpty, !(store is any EffectOutbox) {
            throw .noOutbox(machine: id, store: String(describing: type(of: store)))
        }
        self.effects = effects
        self.id = id
        self.chart = chart
        self.store = store
        self.maximumAttempts = maximumAttempts
        self.timeline = timeline
        self.snapshotInterval = max(snapshotInterval, 1)
        (state, version) = try await Self.load(id: id, chart: chart, store: store, now: timeline.now)
    }

    /// The active states, in document order.
    public var configuration: [StateID] { snapshot.configuration }

    /// Applies `event` and persists the result atomically, unless its identifier is already journaled —
    /// after firing the timers due by now (see "Durable timers" above), in the same write.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - eventID: The event's identifier, unique per machine.
    /// - Returns: ``DurableOutcome``.
    /// - Throws: ``DurableMachineError``; the machine and the store are then as they were.
    @discardableResult
    public func apply(_ event: Event, id eventID: String) async throws(DurableMachineError) -> DurableOutcome {
        for _ in 0..<maximumAttempts {
            if try await isJournaled(eventID) {
                try await reload()
                return .alreadyApplied
            }
            let decision = try Self.decide(
                [.event(event, id: eventID)], from: state, version: version, now: timeline.now, chart: chart,
                machine: id)
            switch try await write(decision) {
            case .saved: return decision.outcomes.last ?? .ignored
            case .stale, .effectNotPending: continue
            case .duplicate: return .alreadyApplied
            }
        }
        throw .tooManyConflicts(machine: id, attempts: maximumAttempts)
    }

    /// When the earliest timer falls due; `nil` when none waits (a machine never stored has no timers: they
    /// start with its first event).
    public var nextTimerDue: DurableInstant? { version == 0 ? nil : state.nextDue }

    /// Fires every timer due by now, earliest first, each journaled with the identifier `timer:<sequence>`,
    /// in one write.
    ///
    /// - Returns: The number of timers this call fired (a timer another process fired first is not counted).
    /// - Throws: ``DurableMachineError``.
    @discardableResult
    public func fireDueTimers() async throws(DurableMachineError) -> Int {
        for _ in 0..<maximumAttempts {
            let decision = try Self.decide(
                [.dueTimers], from: state, version: version, now: timeline.now, chart: chart, machine: id)
            guard !decision.entries.isEmpty else { return 0 }
            switch try await write(decision) {
            case .saved: return decision.fired
            case .stale, .duplicate, .effectNotPending: continue
            }
        }
        throw .tooManyConflicts(machine: id, attempts: maximumAttempts)
    }

    /// Reads the machine from the store again (after another writer moved it on).
    ///
    /// - Throws: ``DurableMachineError``.
    public func reload() async throws(DurableMachineError) {
        (state, version) = try await Self.load(id: id, chart: chart, store: store, now: timeline.now)
    }

    /// Whether the store's journal already holds the event.
    func isJournaled(_ eventID: String) async throws(DurableMachineError) -> Bool {
        do {
            return try await store.contains(eventID: eventID, machine: id)
        } catch {
            throw .store(error)
        }
    }

    /// What a write of a decision came to.
    enum SaveResult {
        /// Stored: the machine is at the new state.
        case saved
        /// Another writer moved the machine on: reloaded, to try again.
        case stale
        /// An entry's event identifier was journaled meanwhile: reloaded.
        case duplicate
        /// A durable effect the decision completes had left the outbox meanwhile: reloaded.
        case effectNotPending
    }

    /// Writes a decision — in one ``EventInbox/commit(_:)`` on a store with an inbox, else one
    /// ``MachineStore/save(machine:snapshot:entry:timers:)`` per entry — and moves the machine to its state,
    /// or reloads when the write was stale.
    func write(_ decision: Decision) async throws(DurableMachineError) -> SaveResult {
        let inbox = store as? any EventInbox
        let commit = try inbox.map { _ throws(DurableMachineError) in
            try decision.commit(snapshotInterval: snapshotInterval, effects: effects)
        }
        var saves: [(entry: JournalEntry, snapshot: Data, timers: [DurableInstant])] = []
        if inbox == nil {
            for (entry, next) in zip(decision.entries, decision.states) {
                saves.append((entry, try SnapshotCoding.encode(next.snapshot, machine: id), next.dues))
            }
        }
        do throws(MachineStoreError) {
            if let inbox, let commit {
                try await inbox.commit([commit])
            }
            for save in saves {
                try await store.save(machine: id, snapshot: save.snapshot, entry: save.entry, timers: save.timers)
            }
        } catch .conflict {
            try await reload()
            return .stale
        } catch .duplicateEvent {
            try await reload()
            return .duplicate
        } catch .effectNotPending {
            try await reload()
            return .effectNotPending
        } catch {
            throw .store(error)
        }
        // Another call on this actor may have reloaded a newer version meanwhile: never go back.
        if decision.version > version {
            state = decision.state
            version = decision.version
        }
        if let commit { cancelRunningEffects(commit.cancelledEffects + commit.startedEffects.map(\.effect)) }
        return .saved
    }

    static func load(id: String, chart: Chart, store: any MachineStore, now: DurableInstant)
        async throws(DurableMachineError) -> (TimedState, Int64)
    {
        let stored: StoredMachine?
        do {
            stored = try await store.load(machine: id)
        } catch {
            throw .store(error)
        }
        return try restored(stored, id: id, chart: chart, now: now)
    }

    /// The state and version of a machine as the store holds it: its snapshot with the journal entries after
    /// it replayed, or the chart's initial state at version 0 for a machine the store has none of.
    static func restored(_ stored: StoredMachine?, id: String, chart: Chart, now: DurableInstant)
        throws(DurableMachineError) -> (TimedState, Int64)
    {
        guard let stored else {
            do {
                return (TimedState(snapshot: try StateMachine(chart: chart).snapshot(), dues: [], now: now), 0)
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
        guard let replay = stored.replay else {
            return (TimedState(snapshot: snapshot, dues: stored.timers, now: now), stored.version)
        }
        // The journal is the truth: the last snapshot, then the entries after it.
        let sequences = replay.entries.map(\.sequence)
        guard sequences == Array(stride(from: replay.snapshotVersion + 1, through: stored.version, by: 1)) else {
            throw .coding(
                machine: id,
                "the journal entries after the snapshot of version \(replay.snapshotVersion) are not "
                    + "\(replay.snapshotVersion + 1)…\(stored.version)")
        }
        let restored = try restore(
            snapshot, takenAt: replay.takenAt, entries: replay.entries, chart: chart, machine: id)
        return (restored, stored.version)
    }
}
