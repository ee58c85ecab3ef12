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
    // These three are read by every macrostep with effects (``performsPlainly``) and only ever read or
    // assigned whole, never across a call into user code: see `_autoforwards` for the unchecked exclusivity.
    @exclusivity(unchecked) package var _sendWithoutDelay: ((Any) -> Void)? {
        didSet { updatePerformsPlainly() }
    }
    /// The invocations this machine runs (``Invoke``); `nil` until one starts.
    @exclusivity(unchecked) var invocations: InvocationRegistry? {
        didSet { updatePerformsPlainly() }
    }
    /// The link to the machine that invoked this one, if an invocation started it. Not API: `package` for
    /// the SCXML importer's child sessions.
    @exclusivity(unchecked) package var parentLink: InvocationHost? {
        didSet { updatePerformsPlainly() }
    }
    /// Whether the effects of a macrostep are only sends and cancels on the machine's own queues: the
    /// machine runs no invocation, none started it, and no SCXML session takes its undelayed sends. Kept up to
    /// date by the three fields' observers, so that a step reads one stored value.
    // Written only by `updatePerformsPlainly()`, never across a call into user code: see `_autoforwards`.
    @exclusivity(unchecked) @usableFromInline private(set) var performsPlainly = true
    /// Not API: handed to this machine's invocations (``InvocationHost/context``) — an SCXML session's
    /// tree of child sessions.
    package var _invocationContext: AnyObject?
    /// Not API: whether the delayed sends of an invoked chart stay in its own delayed-event queue (an
    /// SCXML child session, whose session moves virtual time) instead of running on the outermost run loop.
    package var _keepsOwnDelayedEvents = false
    /// Not API: receives this machine's ``InvocationError``s instead of its effect-error observers — an
    /// SCXML session, which raises `error.communication` for them (SCXML 1.0 §6.2.4).
    package var _invocationErrorHandler: ((any Error) -> Void)?
    /// Where the invocations of this machine run their tasks, when it is the outermost one.
    var root: (any InvocationRoot)?
    /// Called once with the chart's context when it finishes: an invoked child telling its parent. Not
    /// API: `package` for the SCXML importer.
    package var onFinish: ((Any) -> Void)?
    /// Whether an invocation that autoforwards is running: the only cost autoforwarding adds per event.
    // Read on every event a chart machine handles (`Statechart._preview(of:in:nothingAttached:)`) and only written
    // when invocations start or stop, never across a call into user code: the dynamic exclusivity check
    // the compiler would emit on each read (a runtime call) protects nothing.
    @exclusivity(unchecked) @usableFromInline var _autoforwards = false

    /// The ``InvocationError``s of a machine that has not started an invocation yet — a
    /// ``ChartScope/sendToParent(_:)`` in a machine no invocation started —, oldest first. Once the
    /// machine has started one, its errors go to its effect-error observers
    /// (``StateMachine/addEffectErrorObserver(_:)``) instead.
    public internal(set) var unreportedInvocationErrors: [any Error] = []

    /// Creates a runtime.
    public init() {}

    /// Performs the effects of a macrostep, in order: inline, specialised for the chart's types, for a machine
    /// that runs no invocation, is not one and is no SCXML session (``performsPlainly``); otherwise, and from
    /// an invocation's effect on, by ``performInvolvingInvocations(_:in:)``.
    @inlinable func perform<StateID, Event, Context>(
        _ effects: [ChartEffect<Event>], in machine: StateMachine<Statechart<StateID, Event, Context>>
    ) {
        guard performsPlainly else { return performInvolvingInvocations(effects[...], in: machine) }
        // The machine's delayed events are looked up once for the whole list, and its clock read once: every
        // delayed send of a macrostep counts its delay from the same instant. They are used unretained: the
        // machine, which the caller holds, keeps its support object for life, and the support object the delayed
        // events it made (`delayedEvents()` makes them once and nothing replaces them).
        var delayed: Unmanaged<MachineDelayedEvents<Event>>?
        var now: Duration?
        let invocationPosition = effects.withUnsafeBufferPointer { buffer -> Int? in
            for position in buffer.indices {
                switch buffer[position] {
                case .send(let event, let delay, let id):
                    guard delay > .zero else {
                        machine.send(event)
                        continue
                    }
                    if delayed == nil { delayed = Unmanaged.passUnretained(machine.delayedEvents()) }
                    delayed.unsafelyUnwrapped._withUnsafeGuaranteedRef { queue in
                        let start = now ?? queue.now
                        now = start
                        queue.schedule(event, at: start + delay, id: id)
                    }
                case .cancel(let id):
                    // SCXML 1.0 §6.3.
                    if delayed == nil {
                        guard let existing = machine.unretainedSupport?._withUnsafeGuaranteedRef({ $0.delayedEvents })
                        else { continue }
                        delayed = Unmanaged.passUnretained(existing)
                    }
                    delayed.unsafelyUnwrapped._withUnsafeGuaranteedRef { _ = $0.cancel(id: id) }
                case .invocation:
                    return position
                }
            }
            return nil
        }
        if let invocationPosition { performInvolvingInvocations(effects[invocationPosition...], in: machine) }
    }

    /// Performs the effects of a macrostep recorded as its plan whose effects are the plan's timers
    /// (``ChartPlannedRecordEffects/inPlan``): each timer its actions cancel dropped and each they start scheduled,
    /// in the order of the actions, found by position (``MachineDelayedEvents/cancel(timer:)``), with the clock
    /// read once; for a machine that does not perform plainly, the record's effects as ``perform(_:in:)`` takes them.
    @inlinable @inline(never) static func performPlannedTimers<StateID, Event, Context>(
        in machine: StateMachine<Statechart<StateID, Event, Context>>
    ) {
        unowned(unsafe) let runtime = machine.subject
        guard runtime.performsPlainly else {
            return runtime.performInvolvingInvocations(machine._state._lastMacrostep.effects[...], in: machine)
        }
        // The snapshot's tables, which the machine keeps while it steps: read without a retain.
        unowned(unsafe) let tables = machine._state.tables
        let plan = tables.microstepPlans.unsafelyUnwrapped.plans + Int(machine._state._lastMacrostep.plannedMicrostep)
        let actions = UnsafeMutablePointer<ChartPlannedAction>(bitPattern: plan.pointee.firstActionAddress)
            .unsafelyUnwrapped
        let delayed = machine.unretainedDelayedEvents()
        delayed._withUnsafeGuaranteedRef { $0.registerTimerIDs(tables.timers.ids) }
        var now: Duration?
        for position in 0..<Int(plan.pointee.actionCount) where actions[position].isTimerOperation {
            // The plans keep the action's box: read without a retain.
            let box = Unmanaged<ChartTables<StateID, Event, Context>.Action>.fromOpaque(
                UnsafeRawPointer(bitPattern: actions[position].bodyAddress).unsafelyUnwrapped)
            let operation = actions[position].timerOperation
            delayed._withUnsafeGuaranteedRef { queue in
                if operation > 0 {
                    let start = now ?? queue.now
                    now = start
                    box._withUnsafeGuaranteedRef { action in
                        queue.schedule(
                            action.timerEvent.unsafelyUnwrapped, at: start + action.timerDelay, timer: operation &- 1)
                    }
                } else {
                    queue.cancel(timer: -operation &- 1)
                }
            }
        }
    }

    /// A send to `machine`'s own queues: a delayed one to its delayed events, an undelayed one to the back of
    /// its external queue (SCXML 1.0 §6.2).
    @inlinable static func send<StateID, Event, Context>(
        _ event: Event, after delay: Duration, id: String?,
        to machine: StateMachine<Statechart<StateID, Event, Context>>
    ) {
        if delay > .zero {
            machine.send(event, after: delay, id: id)
        } else {
            machine.send(event)
        }
    }

    /// Recomputes ``performsPlainly`` from the fields it folds.
    func updatePerformsPlainly() {
        performsPlainly = invocations == nil && parentLink == nil && _sendWithoutDelay == nil
    }

    /// Performs the effects of a macrostep, in order, for a machine that runs invocations, was started by
    /// one or belongs to an SCXML session: what ``perform(_:in:)`` does, and invocations' effects.
    @usableFromInline func performInvolvingInvocations<StateID, Event, Context>(
        _ effects: ArraySlice<ChartEffect<Event>>, in machine: StateMachine<Statechart<StateID, Event, Context>>
    ) {
        for effect in effects {
            switch effect {
            case .send(let event, let delay, let id):
                if delay > .zero, !_keepsOwnDelayedEvents, let parentLink {
                    // An invoked chart has no run loop of its own: its timers run on the outermost one.
                    scheduleDelayed(event, after: delay, id: id, link: parentLink, in: machine)
                } else if delay <= .zero, let sendWithoutDelay = _sendWithoutDelay {
                    sendWithoutDelay(event)
                } else {
                    Self.send(event, after: delay, id: id, to: machine)
                }
            case .cancel(let id):
                // SCXML 1.0 §6.3.
                machine.cancelDelayedEvents(id: id)
                invocations?.cancelTimers(id: id)
            case .invocation(let invocationEffect):
                perform(invocationEffect, in: machine)
            }
        }
        if let invocations, invocations.hasPendingStarts { startPendingInvocations(in: machine) }
    }
}
