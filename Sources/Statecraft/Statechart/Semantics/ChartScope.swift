/// What guards and actions of a chart can see and do while a step runs.
///
/// Guards receive it read-only; actions receive it `inout` and may ``raise(_:)`` internal events,
/// ``send(_:after:id:)`` external ones and ``cancel(id:)`` delayed ones. ``isActive(_:)`` is SCXML's
/// `In()` predicate.
///
/// ```swift
/// OnEntry { context, scope in
///     context.plays += 1
///     if scope.isActive(.muted) { scope.raise(.unmute) }
/// }
/// ```
public struct ChartScope<StateID: Hashable & Sendable, Event> {
    /// The signal being processed (SCXML's `_event`); `nil` while the chart starts.
    ///
    /// A step makes one scope per macrostep and hands it to each guard and action in turn, updating
    /// this and the configuration as the macrostep goes on.
    @inlinable public var signal: ChartSignal<StateID, Event>? { currentSignal }
    @usableFromInline var currentSignal: ChartSignal<StateID, Event>?
    @usableFromInline let states: ChartStateLookup<StateID>
    @usableFromInline var configuration: ChartStateSet
    /// The signals raised by the action running, taken by the step after it; `nil` while none is, so
    /// that the scope holds no array (and costs no reference counting) until an action raises.
    @usableFromInline var raisedSignals: [ChartSignal<StateID, Event>]?
    /// The effects asked for by the action running, taken by the step after it; `nil` while none is.
    @usableFromInline var requestedEffects: [ChartEffect<Event>]?
    /// The empty buffer of the effects the step last took, kept for the next action that asks for one
    /// (``appendEffect(_:)``): a chart whose actions send or cancel on every step allocates no array for it.
    @usableFromInline var spareEffects: [ChartEffect<Event>] = []
    /// Whether ``raisedSignals`` or ``requestedEffects`` holds something: one byte for the step to test after
    /// each action (``ChartInterpreter/scopeAsked(_:)``). Set by ``appendRaised(_:)`` and ``appendEffect(_:)``,
    /// cleared when the step takes them (``ChartInterpreter/takeRequests()``).
    @usableFromInline var hasRequests = false
    /// The steps the chart's actions have counted in this macrostep, for an action language that bounds its
    /// own work (the SCXML runtime counts elements of executable content against its limits); zero when a
    /// macrostep starts. The chart never reads it.
    public var actionSteps = 0
    /// The bytes of values the chart's actions have counted as built in this macrostep, as ``actionSteps``;
    /// zero when a macrostep starts.
    public var actionBytes = 0

    @usableFromInline
    init(signal: ChartSignal<StateID, Event>?, states: ChartStateLookup<StateID>, configuration: ChartStateSet) {
        self.currentSignal = signal
        self.states = states
        self.configuration = configuration
    }

    /// Makes `.event(event)` the current signal (``signal``) at the start of a macrostep, and sets
    /// ``actionSteps`` and ``actionBytes`` to zero.
    ///
    /// When the signal it replaces holds no reference — the chart's state identifiers and events are plain
    /// values and it is not an `error` signal, whose payload is boxed — the new one is written over it
    /// without destroying it: destroying such a value does nothing, and this spares each step the enum's
    /// outlined destroy.
    @inlinable @inline(__always) mutating func show(event: Event) {
        // Only a macrostep's start shows an external event: the work its actions count starts again.
        actionSteps = 0
        actionBytes = 0
        if _isPOD(StateID.self), _isPOD(Event.self) {
            let overwritten = withUnsafeMutablePointer(to: &currentSignal) { current in
                if case .error? = current.pointee { return false }
                current.initialize(to: .event(event))
                return true
            }
            if overwritten { return }
        }
        currentSignal = .event(event)
    }

    /// Appends `signal` to the raised signals.
    @inlinable mutating func appendRaised(_ signal: ChartSignal<StateID, Event>) {
        hasRequests = true
        if raisedSignals == nil { raisedSignals = [signal] } else { raisedSignals?.append(signal) }
    }

    /// Appends `effect` to the effects asked for.
    @inlinable mutating func appendEffect(_ effect: ChartEffect<Event>) {
        hasRequests = true
        if requestedEffects == nil {
            var effects: [ChartEffect<Event>] = []
            swap(&effects, &spareEffects)
            effects.append(effect)
            requestedEffects = consume effects
        } else {
            requestedEffects?.append(effect)
        }
    }

    /// The chart event being processed, or `nil` when the signal is not a chart event (a `done` or
    /// `error` signal) or the chart is starting.
    @inlinable public var event: Event? { signal?.event }

    /// Whether the state `id` is active right now (SCXML 1.0 §5.9.1, `In()`).
    ///
    /// During a microstep the answer reflects the states exited and entered so far.
    /// - Parameter id: A state of the chart; unknown states are never active.
    /// - Returns: Whether the state is in the configuration.
    @inlinable public func isActive(_ id: StateID) -> Bool {
        guard let index = states.indices[id] else { return false }
        return configuration.contains(index)
    }

    /// Raises `event` on the internal queue: it is handled in this macrostep, after the current
    /// microstep and before any external event (SCXML 1.0 §4.2 `<raise>`).
    ///
    /// - Parameter event: The event to raise.
    @inlinable public mutating func raise(_ event: Event) {
        appendRaised(.event(event))
    }

    /// Raises any signal on the internal queue — for interpreters that raise `done` or `error` events
    /// themselves.
    ///
    /// - Parameter signal: The signal to raise.
    @inlinable public mutating func raise(signal: ChartSignal<StateID, Event>) {
        appendRaised(signal)
    }

    /// Sends `event` to the machine's external queue after `delay` (SCXML 1.0 §6.2 `<send>`).
    ///
    /// A zero delay queues the event behind the current one. Delayed events are delivered on the clock of
    /// ``StateMachine/run(clock:isolation:)``, like ``StateMachine/send(_:after:id:)``; only
    /// ``cancel(id:)`` (or the chart finishing) drops them, leaving the state does not.
    /// - Parameters:
    ///   - event: The event to send.
    ///   - delay: How long to wait before delivering it.
    ///   - id: An identifier for ``cancel(id:)``.
    @inlinable public mutating func send(_ event: Event, after delay: Duration = .zero, id: String? = nil) {
        appendEffect(.send(event, delay: delay, id: id))
    }

    /// Cancels the delayed event sent with `id`, if it has not been delivered (SCXML 1.0 §6.3 `<cancel>`).
    ///
    /// - Parameter id: The identifier given to ``send(_:after:id:)``.
    @inlinable public mutating func cancel(id: String) {
        appendEffect(.cancel(id: id))
    }

    /// Sends `event` to the machine that invoked this chart (SCXML's `#_parent` target): it goes to the
    /// back of that machine's queue, mapped by the ``Invoke``'s `fromChild`.
    ///
    /// In a machine that no invocation started, the runtime reports ``InvocationError/noParent(event:)``.
    /// - Parameter event: The event, of this chart's event type.
    @inlinable public mutating func sendToParent(_ event: Event) {
        appendEffect(.invocation(.sendToParent(event)))
    }

    /// Sends `event` to the running invocation `id` of this machine (SCXML's `#_<invokeid>` target),
    /// mapped by that ``Invoke``'s `toChild`, after the macrostep.
    ///
    /// When no such invocation runs, the runtime reports ``InvocationError/unknownInvocation(_:)``.
    /// - Parameters:
    ///   - event: The event, of this chart's event type.
    ///   - id: The invocation's identifier.
    @inlinable public mutating func send(_ event: Event, toInvocation id: String) {
        appendEffect(.invocation(.send(event, invocation: id)))
    }

    /// Starts `invocation` once the macrostep is over. Not API: for the SCXML importer, whose `<invoke>`
    /// evaluates its attributes on entry.
    package mutating func invoke(_ invocation: ChartInvocation<Event>) {
        appendEffect(.invocation(.start(invocation)))
    }

    /// Cancels the invocation `id`. Not API: for the SCXML importer.
    package mutating func cancelInvocation(id: String) {
        appendEffect(.invocation(.cancel(id: id)))
    }
}

extension ChartScope: Sendable where Event: Sendable {}
