/// The outermost machine of a tree of invocations, as its invocations see it: where their tasks run and
/// their errors go. Made by the first invocation that starts, which knows the machine's event type is
/// `Sendable` (the run loop needs it).
protocol InvocationRoot: AnyObject {
    /// Starts `task` on the machine's run loop, now or when it starts.
    func scheduleInvocationTask(_ task: InvocationTask)
    /// Reports `error` to the machine's effect-error observers.
    func reportInvocationError(_ error: any Error)
}

/// The ``InvocationRoot`` of a chart machine whose events are `Sendable`.
final class ChartInvocationRoot<StateID: Hashable & Sendable, Event: Sendable, Context>: InvocationRoot {
    private weak var machine: StateMachine<Statechart<StateID, Event, Context>>?

    init(machine: StateMachine<Statechart<StateID, Event, Context>>) {
        self.machine = machine
    }

    func scheduleInvocationTask(_ task: InvocationTask) {
        machine?.effectRuntime().startInvocationTask(task)
    }

    func reportInvocationError(_ error: any Error) {
        guard let machine else { return }
        machine.effectRuntime().report(error, in: machine.state)
    }
}
