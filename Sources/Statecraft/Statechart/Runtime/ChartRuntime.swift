/// The per-machine side of a running chart: its scheduler and the delayed events waiting on it.
///
/// A chart machine's ``StateMachine/subject`` is its runtime. The chart's hooks perform the sends and
/// cancels each macrostep recorded, and cancel every waiting event when the chart finishes.
///
/// Delayed events go to the ``scheduler`` given to ``init(scheduler:)``; without one, they run on the
/// clock of the machine's ``StateMachine/run(clock:isolation:)`` (see `RunLoopChartScheduler`), and wait
/// while no run loop runs.
public final class ChartRuntime {
    /// The scheduler given to ``init(scheduler:)``; `nil` when delayed events run on the clock of the
    /// machine's ``StateMachine/run(clock:isolation:)``.
    public let scheduler: (any ChartScheduler)?
    /// Delivers delayed events on the run loop's clock when no ``scheduler`` was given.
    private let runLoopScheduler: RunLoopChartScheduler?
    private var pendingByID: [String: [ScheduledActionToken]] = [:]
    /// The waiting delayed events by token: the event (a chart's `Event`) and its identifier, read by
    /// snapshots (`ChartRuntime+Snapshots.swift`).
    private(set) var pending: [ScheduledActionToken: (event: Any, id: String?)] = [:]

    /// Creates a runtime.
    ///
    /// - Parameter scheduler: Delivers delayed events; `nil` runs them on the clock of the machine's
    ///   ``StateMachine/run(clock:isolation:)``.
    public init(scheduler: (any ChartScheduler)?) {
        self.scheduler = scheduler
        runLoopScheduler = scheduler == nil ? RunLoopChartScheduler() : nil
    }

    /// Where delayed events go: the given scheduler, or the run loop's.
    private var delayScheduler: (any ChartScheduler)? { scheduler ?? runLoopScheduler }

    /// The number of delayed events waiting to be delivered.
    public var pendingDelayedEventCount: Int { pending.count }

    /// Performs the effects of a macrostep, in order.
    func perform<StateID, Event, Context>(
        _ effects: [ChartEffect<Event>], in machine: StateMachine<Statechart<StateID, Event, Context>>
    ) {
        for effect in effects {
            switch effect {
            case .send(let event, let delay, let id):
                if delay <= .zero {
                    // SCXML 1.0 §6.2: an undelayed send goes to the back of the external queue.
                    machine.send(event)
                    continue
                }
                schedule(event, after: delay, id: id, in: machine)
            case .cancel(let id):
                // SCXML 1.0 §6.3.
                guard let tokens = pendingByID.removeValue(forKey: id) else { continue }
                for token in tokens {
                    pending[token] = nil
                    delayScheduler?.cancel(token)
                }
            }
        }
    }

    /// Schedules `event` on the delay scheduler; a zero delay waits for the scheduler's next turn.
    func schedule<StateID, Event, Context>(
        _ event: Event, after delay: Duration, id: String?, in machine: StateMachine<Statechart<StateID, Event, Context>>
    ) {
        guard let scheduler = delayScheduler else {
            preconditionFailure("Internal inconsistency: a chart runtime has neither scheduler")
        }
        var token = ScheduledActionToken(rawValue: 0)
        token = scheduler.schedule(after: delay) { [weak self, weak machine] in
            guard let self, let machine else { return }
            self.forget(token, id: id)
            machine.send(event)
        }
        pending[token] = (event, id)
        if let id { pendingByID[id, default: []].append(token) }
    }

    /// The time left before the delayed event of `token` is delivered, as its scheduler counts it.
    func remainingDelay(of token: ScheduledActionToken) -> Duration? {
        delayScheduler?.remainingDelay(of: token)
    }

    /// Cancels every waiting delayed event.
    func cancelAll() {
        for token in pending.keys { delayScheduler?.cancel(token) }
        pending.removeAll()
        pendingByID.removeAll()
    }

    private func forget(_ token: ScheduledActionToken, id: String?) {
        pending[token] = nil
        guard let id, var tokens = pendingByID[id] else { return }
        tokens.removeAll { $0 == token }
        pendingByID[id] = tokens.isEmpty ? nil : tokens
    }
}

/// A chart machine created without a scheduler runs its delayed events on the run loop's clock.
extension ChartRuntime: RunLoopTimerClient {
    func runLoopDidBegin(_ clock: any RunLoopClock) { runLoopScheduler?.runLoopDidBegin(clock) }
    func runLoopTimerFired() { runLoopScheduler?.runLoopTimerFired() }
    func runLoopDidEnd() { runLoopScheduler?.runLoopDidEnd() }
}
