import Statecraft

/// An invoked SCXML session: a machine of its own over the child chart, with its own external queue and
/// delayed events, driven by the invoking session (``SCXMLInvocationTree``) on its virtual time.
final class SCXMLChildSession: InvocationHandle {
    /// The child's external queue; the chart's sends without delay and the parent's events go to its back.
    final class Queue {
        var events = FIFOQueue<SCXMLEvent>()
    }

    let invokeID: String
    let machine: StateMachine<SCXMLChart>
    let queue: Queue
    /// The parent's virtual time when the child started: the child's delayed events count from it.
    let offset: Duration
    private(set) var isCancelled = false
    private weak var tree: SCXMLInvocationTree?
    /// The runtime of the session that invoked this one.
    private(set) weak var owner: ChartRuntime?
    /// The `<finalize>` block, run in the invoking session on each event from this one before it is
    /// processed; `nil` when empty.
    let finalize: ChartAction<String, SCXMLEvent, SCXMLDataModel>?

    /// Starts the child chart: its first macrostep runs now; what it sends its parent waits in the parent's
    /// external queue, tagged with the invoke id.
    init(
        chart: SCXMLChart, invokeID: String, host: InvocationHost, tree: SCXMLInvocationTree?,
        finalize: ChartAction<String, SCXMLEvent, SCXMLDataModel>? = nil
    ) {
        self.invokeID = invokeID
        self.finalize = finalize
        owner = host.owner
        self.tree = tree
        offset = tree?.now() ?? .zero
        let queue = Queue()
        self.queue = queue
        let runtime = ChartRuntime()
        runtime._sendWithoutDelay = { event in
            guard let event = event as? SCXMLEvent else { return }
            queue.events.enqueue(event)
        }
        runtime._keepsOwnDelayedEvents = true
        runtime._invocationErrorHandler = SCXMLInvocationTree.communicationErrorHandler { queue.events.enqueue($0) }
        runtime._invocationContext = tree
        let cancelled = CancelFlag()
        runtime.parentLink = InvocationHost(
            invocationID: invokeID,
            sendToParent: { event in
                guard !cancelled.isSet, var event = event as? SCXMLEvent else { return }
                event.invokeID = invokeID
                event.type = .external
                host.sendToParent(event)
            },
            report: host.report, schedule: host.schedule, context: tree)
        runtime.onFinish = { context in
            guard !cancelled.isSet else { return }
            // SCXML 1.0 §6.4: the data of the top-level final state's <donedata>, if any.
            let data = (context as? SCXMLDataModel)?.doneData[""]
            host.sendToParent(SCXMLEvent("done.invoke.\(invokeID)", invokeID: invokeID, data: data))
        }
        self.cancelled = cancelled
        machine = StateMachine(definition: chart, subject: runtime)
        tree?.add(self)
    }

    private let cancelled: CancelFlag

    /// Whether events wait in the child's queue.
    var hasQueuedEvents: Bool { !isCancelled && !machine.state.isFinished && !queue.events.isEmpty }

    /// Processes the child's queue until it is empty or `budget` events have been processed, one macrostep
    /// per event, each counted against `budget`.
    ///
    /// - Returns: the loop of a macrostep that did not settle, which stops the child there; `nil` otherwise.
    func processQueue(budget: inout Int) -> ChartLoopError? {
        while budget > 0, !isCancelled, !machine.state.isFinished, let event = queue.events.dequeue() {
            budget -= 1
            tree?.finalize(event, in: machine)
            if case .unsettled(let loop) = machine.send(event) { return loop }
        }
        if machine.state.isFinished { queue.events.removeAll() }
        return nil
    }

    /// Delivers a delayed send of the child to another session once it falls due.
    func deliver(_ event: SCXMLEvent, to route: SCXMLSendRoute) {
        switch route {
        case .parent: machine.subject.parentLink?.sendToParent(event)
        case .invocation(let id): _ = machine.subject._deliver(event, toInvocation: id)
        }
    }

    func cancel() {
        isCancelled = true
        cancelled.isSet = true
        machine.subject.onFinish = nil
        machine._halt()
        // Its delayed events stay in its machine, which the tree no longer looks at.
        machine.subject.cancelAllInvocations()
        queue.events.removeAll()
        tree?.remove(self)
    }

    func receive(_ event: Any) -> Bool {
        guard !isCancelled, !machine.state.isFinished, let event = event as? SCXMLEvent else { return false }
        queue.events.enqueue(event)
        return true
    }

    /// Set once the invocation is cancelled: the closures the child's runtime holds check it.
    final class CancelFlag {
        var isSet = false
    }
}
