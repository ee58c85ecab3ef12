extension ChartRuntime {
    /// The identifiers of the invocations running, in the order they started.
    public var runningInvocations: [String] { invocations?.runningIDs ?? [] }

    /// Performs one invocation effect of a macrostep.
    func perform<StateID, Event, Context>(
        _ effect: ChartInvocationEffect<Event>, in machine: StateMachine<Statechart<StateID, Event, Context>>
    ) {
        switch effect {
        case .start(let invocation):
            if parentLink == nil, root == nil { root = invocation.makeRoot(machine) }
            registry().enqueue(
                InvocationRegistry.Pending(
                    id: invocation.id, autoforward: invocation.autoforward, launch: invocation.launch))
        case .cancel(let id):
            invocations?.cancel(id: id)
            _autoforwards = invocations?.autoforwards ?? false
        case .sendToParent(let event):
            if let parentLink {
                parentLink.sendToParent(event)
            } else {
                report(InvocationError.noParent(event: String(describing: event)), in: machine)
            }
        case .send(let event, let id):
            guard let handle = invocations?.handle(id: id) else {
                report(InvocationError.unknownInvocation(id), in: machine)
                return
            }
            if !handle.receive(event) {
                report(InvocationError.eventRefused(invocation: id, event: String(describing: event)), in: machine)
            }
        }
    }

    /// Starts the invocations of the states the macrostep entered and did not leave again.
    func startPendingInvocations<StateID, Event, Context>(
        in machine: StateMachine<Statechart<StateID, Event, Context>>
    ) {
        let registry = registry()
        for pending in registry.takePending() {
            if registry.handle(id: pending.id) != nil {
                registry.cancel(id: pending.id)
                report(InvocationError.duplicateInvocation(pending.id), in: machine)
            }
            let host = InvocationHost(
                invocationID: pending.id,
                sendToParent: { [weak self, weak machine] event in
                    if let sendWithoutDelay = self?._sendWithoutDelay {
                        // An SCXML session: events from a child go to the back of its external queue.
                        sendWithoutDelay(event)
                        return
                    }
                    guard let machine, let event = event as? Event else { return }
                    machine.send(event)
                },
                report: { [weak self, weak machine] error in
                    guard let self, let machine else { return }
                    report(error, in: machine)
                },
                schedule: scheduler(for: machine), context: _invocationContext, owner: self)
            let handle = pending.launch(host)
            registry.add(InvocationRegistry.Running(id: pending.id, autoforward: pending.autoforward, handle: handle))
        }
        _autoforwards = registry.autoforwards
        // The chart's preview tests for autoforwarding only on a machine something is attached to
        // (`Statechart._preview(of:in:nothingAttached:)`): a support object attaches the invocations.
        if _autoforwards { _ = machine.makeSupport() }
    }

    /// Not API: delivers `event` to the running invocation `id` outside a macrostep — an SCXML session's
    /// delayed `<send target="#_id">` falling due.
    ///
    /// - Returns: Whether the invocation runs and accepted the event.
    package func _deliver(_ event: Any, toInvocation id: String) -> Bool {
        invocations?.handle(id: id)?.receive(event) ?? false
    }

    /// Sends `event` to every running invocation that autoforwards.
    @usableFromInline func autoforward<Event>(_ event: Event) {
        for handle in invocations?.autoforwarding ?? [] { _ = handle.receive(event) }
    }

    /// The chart finished: its invocations and timers are cancelled, and the machine that invoked it
    /// hears of it.
    @usableFromInline func didFinish<Context>(context: Context) {
        invocations?.cancelAll()
        _autoforwards = false
        guard let onFinish else { return }
        self.onFinish = nil
        onFinish(context)
    }

    /// Stops every invocation and timer: the invocation that started this machine was cancelled. Not API:
    /// `package` for the SCXML importer's child sessions.
    package func cancelAllInvocations() {
        invocations?.cancelAll()
        _autoforwards = false
        onFinish = nil
    }

    /// A delayed send of an invoked chart, as a task on the outermost run loop.
    func scheduleDelayed<StateID, Event, Context>(
        _ event: Event, after delay: Duration, id: String?, link: InvocationHost,
        in machine: StateMachine<Statechart<StateID, Event, Context>>
    ) {
        let task = InvocationTask(
            work: { clock in
                do {
                    try await clock.sleep(for: delay)
                    return true
                } catch {
                    return nil
                }
            },
            completion: { [weak machine] _ in machine?.send(event) })
        registry().addTimer(id: id, task: task)
        link.schedule(task)
    }

    /// Reports an invocation error to the machine's effect-error observers, or to the invoking machine.
    func report<StateID, Event, Context>(
        _ error: any Error, in machine: StateMachine<Statechart<StateID, Event, Context>>
    ) {
        if let handler = _invocationErrorHandler {
            handler(error)
        } else if let parentLink {
            parentLink.report(error)
        } else if let root {
            root.reportInvocationError(error)
        } else {
            unreportedInvocationErrors.append(error)
        }
    }

    /// How this machine's invocations run their tasks: on the outermost machine's run loop.
    private func scheduler<StateID, Event, Context>(
        for machine: StateMachine<Statechart<StateID, Event, Context>>
    ) -> (InvocationTask) -> Void {
        if let parentLink { return parentLink.schedule }
        return { [weak self] task in
            guard let root = self?.root else {
                preconditionFailure("Internal inconsistency: an invocation's task without a run loop to run on")
            }
            root.scheduleInvocationTask(task)
        }
    }

    private func registry() -> InvocationRegistry {
        if let invocations { return invocations }
        let created = InvocationRegistry()
        invocations = created
        return created
    }
}
