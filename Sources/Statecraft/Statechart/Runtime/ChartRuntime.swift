/// The per-machine side of a running chart: it performs the sends and cancels each macrostep recorded.
///
/// A chart machine's ``StateMachine/subject`` is its runtime. A send without delay goes to the back of the
/// machine's queue (SCXML 1.0 §6.2); a delayed send goes to the machine's delayed events
/// (``StateMachine/send(_:after:id:)``), which the clock of ``StateMachine/run(clock:isolation:)``
/// delivers; a cancel drops them by identifier (§6.3). A delayed send therefore survives leaving the state
/// that sent it, like every delayed event of a machine; an ``AfterDelay`` does not, because its state's
/// exit cancels it.
public final class ChartRuntime {
    /// Not API: where sends without delay go instead of the machine's queue — an SCXML session's external
    /// queue, which processes one event at a time. Set it before the machine starts.
    package var _sendWithoutDelay: ((Any) -> Void)?

    /// Creates a runtime.
    public init() {}

    /// Performs the effects of a macrostep, in order.
    func perform<StateID, Event, Context>(
        _ effects: [ChartEffect<Event>], in machine: StateMachine<Statechart<StateID, Event, Context>>
    ) {
        for effect in effects {
            switch effect {
            case .send(let event, let delay, let id):
                if delay > .zero {
                    machine.send(event, after: delay, id: id)
                } else if let sendWithoutDelay = _sendWithoutDelay {
                    sendWithoutDelay(event)
                } else {
                    // SCXML 1.0 §6.2: an undelayed send goes to the back of the external queue.
                    machine.send(event)
                }
            case .cancel(let id):
                // SCXML 1.0 §6.3.
                machine.cancelDelayedEvents(id: id)
            }
        }
    }
}
