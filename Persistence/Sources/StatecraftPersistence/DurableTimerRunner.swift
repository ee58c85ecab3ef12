import Statecraft

/// Fires the durable timers of a store's machines as they fall due: what a process serving durable
/// machines runs beside them.
///
/// ```swift
/// let runner = DurableTimerRunner(store: store, chart: OrderChart.make())
/// let timers = Task { try await runner.run() }   // until cancelled
/// ```
///
/// The runner finds due timers through ``MachineStore/earliestTimers(limit:)`` and fires each machine's
/// with ``DurableMachine/fireDueTimers()``: earliest first, each one journaled, on the machine's newest
/// stored state. Several processes may run one on the same store: a timer fired by one is gone for the
/// others (their write is stale; they reload and find it fired), so each fires once.
///
/// It looks among the store's 100 earliest timers at a time: a runner that serves few of a store's
/// machines (``serves``) finds its due timers only once the earlier timers of other machines have fired.
/// Sharing machines out among processes by lease is not its job.
public struct DurableTimerRunner<
    StateID: Hashable & Sendable & Codable, Event: Codable & Sendable, Context: Codable & Sendable
>: Sendable {
    /// The chart of the machines served.
    public typealias Chart = Statechart<StateID, Event, Context>

    /// The store.
    public let store: any MachineStore
    /// The chart of the machines served.
    public let chart: Chart
    /// The time timers are due on.
    public let timeline: DurableTimeline
    /// Which machines this runner serves (all by default): those of other charts, or of other processes.
    public let serves: @Sendable (String) -> Bool
    /// The longest ``run()`` sleeps before looking at the store again, for timers other processes stored.
    public let pollInterval: Duration
    /// The machines' durable effects: a timer that leaves an effect's state cancels it (see "Durable effects"
    /// in ``DurableMachine``).
    public let effects: [DurableEffect<StateID, Event>]

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - chart: The chart of the machines served.
    ///   - timeline: The time timers are due on; the wall clock by default.
    ///   - pollInterval: The longest sleep between two looks at the store; 1 second by default.
    ///   - serves: Which machines to serve, by identifier; all by default.
    ///   - effects: The machines' durable effects; none by default.
    public init(
        store: any MachineStore, chart: Chart, timeline: DurableTimeline = .wall, pollInterval: Duration = .seconds(1),
        serves: @escaping @Sendable (String) -> Bool = { _ in true }, effects: [DurableEffect<StateID, Event>] = []
    ) {
        self.store = store
        self.chart = chart
        self.timeline = timeline
        self.pollInterval = pollInterval
        self.serves = serves
        self.effects = effects
    }

    /// Fires every timer of the served machines due by now, each machine's earliest first.
    ///
    /// - Returns: The number of timers fired.
    /// - Throws: ``DurableMachineError``.
    /// - Complexity: One store read per 100 due timers, one machine load per machine with due timers.
    @discardableResult
    public func fireDueTimers() async throws(DurableMachineError) -> Int {
        let now = timeline.now
        var fired = 0
        var visited: Set<String> = []
        while true {
            let due = try await pending(limit: Self.batch).filter { $0.due <= now && !visited.contains($0.machine) }
            if due.isEmpty { return fired }
            for timer in due where visited.insert(timer.machine).inserted {
                let machine = try await DurableMachine(
                    id: timer.machine, chart: chart, store: store, timeline: timeline, effects: effects)
                fired += try await machine.fireDueTimers()
            }
        }
    }

    /// Fires timers as they fall due until the task is cancelled.
    ///
    /// - Throws: ``DurableMachineError`` when the store fails.
    public func run() async throws(DurableMachineError) {
        while !Task.isCancelled {
            try await fireDueTimers()
            let latest = timeline.now.advanced(by: pollInterval)
            let next = try await pending(limit: Self.batch).first?.due ?? latest
            do {
                try await timeline.sleep(until: min(next, latest))
            } catch {
                return
            }
        }
    }

    /// How many timers one look at the store reads.
    static var batch: Int { 100 }

    /// The earliest timers of the served machines, among the store's `limit` earliest.
    private func pending(limit: Int) async throws(DurableMachineError) -> [PendingTimer] {
        do {
            return try await store.earliestTimers(limit: limit).filter { serves($0.machine) }
        } catch {
            throw .store(error)
        }
    }
}
