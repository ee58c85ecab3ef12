/// The per-machine side of a running chart: its scheduler and the delayed events waiting on it.
///
/// A chart machine's ``StateMachine/subject`` is its runtime. The chart's hooks perform the sends and
/// cancels each macrostep recorded, and cancel every waiting event when the chart finishes.
public final class ChartRuntime {
    /// Delivers delayed events; `nil` when the machine was created without one.
    public let scheduler: (any ChartScheduler)?
    private var pendingByID: [String: [ScheduledActionToken]] = [:]
    private var pending: Set<ScheduledActionToken> = []

    /// Creates a runtime.
    ///
    /// - Parameter scheduler: Delivers delayed events.
    public init(scheduler: (any ChartScheduler)?) {
        self.scheduler = scheduler
    }

    /// The number of delayed events waiting to be delivered.
    public var pendingDelayedEventCount: Int { pending.count }

    /// Performs the effects of a macrostep, in order.
    func perform<StateID, Event, Context>(
        _ effects: [ChartEffect<Event>], in machine: StateMachine<Chart<StateID, Event, Context>>
    ) {
        for effect in effects {
            switch effect {
            case .send(let event, let delay, let id):
                if delay <= .zero {
                    // SCXML 1.0 §6.2: an undelayed send goes to the back of the external queue.
                    machine.send(event)
                    continue
                }
                guard let scheduler else {
                    preconditionFailure(
                        "A chart sent '\(event)' with a delay, but its machine has no ChartScheduler: "
                            + "create it with StateMachine(chart:scheduler:)")
                }
                var token = ScheduledActionToken(rawValue: 0)
                token = scheduler.schedule(after: delay) { [weak self, weak machine] in
                    guard let self, let machine else { return }
                    self.forget(token, id: id)
                    machine.send(event)
                }
                pending.insert(token)
                if let id { pendingByID[id, default: []].append(token) }
            case .cancel(let id):
                // SCXML 1.0 §6.3.
                guard let tokens = pendingByID.removeValue(forKey: id) else { continue }
                for token in tokens {
                    pending.remove(token)
                    scheduler?.cancel(token)
                }
            }
        }
    }

    /// Cancels every waiting delayed event.
    func cancelAll() {
        for token in pending { scheduler?.cancel(token) }
        pending.removeAll()
        pendingByID.removeAll()
    }

    private func forget(_ token: ScheduledActionToken, id: String?) {
        pending.remove(token)
        guard let id, var tokens = pendingByID[id] else { return }
        tokens.removeAll { $0 == token }
        pendingByID[id] = tokens.isEmpty ? nil : tokens
    }
}
