/// A child chart invoked by a state: a ``StateMachine`` of its own on the invoking machine's isolation,
/// its timers on the invoking machine's run loop.
final class ChildChartInvocation<ParentEvent, ChildState: Hashable & Sendable, ChildEvent, ChildContext>:
    InvocationHandle
{
    typealias Child = StateMachine<Statechart<ChildState, ChildEvent, ChildContext>>

    private(set) var machine: Child?
    private var isCancelled = false
    private let toChild: (ParentEvent) -> ChildEvent?

    /// Starts `chart`: its first macrostep runs before this initializer returns, and what it sends its
    /// parent (its done event included) waits in the parent's queue.
    init(
        chart: Statechart<ChildState, ChildEvent, ChildContext>, host: InvocationHost,
        toChild: @escaping (ParentEvent) -> ChildEvent?, fromChild: @escaping (ChildEvent) -> ParentEvent?,
        onDone: ((ChildContext) -> ParentEvent)?
    ) {
        self.toChild = toChild
        let runtime = ChartRuntime()
        runtime.parentLink = InvocationHost(
            invocationID: host.invocationID,
            sendToParent: { [weak self] event in
                guard let self, !isCancelled, let event = event as? ChildEvent, let mapped = fromChild(event) else {
                    return
                }
                host.sendToParent(mapped)
            },
            report: host.report, schedule: host.schedule)
        runtime.onFinish = { [weak self] context in
            guard let self, !isCancelled, let onDone, let context = context as? ChildContext else { return }
            host.sendToParent(onDone(context))
        }
        machine = StateMachine(definition: chart, subject: runtime)
    }

    func cancel() {
        isCancelled = true
        machine?.subject.cancelAllInvocations()
        machine?._halt()
        machine?.cancelAllDelayedEvents()
        machine = nil
    }

    func receive(_ event: Any) -> Bool {
        guard let machine, !isCancelled, let event = event as? ParentEvent, let mapped = toChild(event) else {
            return false
        }
        machine.send(mapped)
        return true
    }
}
