/// "Send after": events a machine sends itself once some time has passed on the run loop's clock.
///
/// There is one rule for every delayed event, SCXML's (1.0 §6.2, §6.3): it survives changes of state and
/// is dropped only when cancelled by its identifier — or when a chart finishes. Work that belongs to a
/// state is spelled as such: an ``AfterDelay`` transition (its state's exit cancels it) or a
/// ``StateEffect/send(_:after:)`` effect (cancelled with the state's other effects).
extension StateMachine {
    /// Sends `event` once `delay` has passed on the clock of ``run(clock:isolation:)``, whatever the
    /// state then; ``cancelDelayedEvents(id:)`` drops it before that.
    ///
    /// ```swift
    /// // when a toast is shown:
    /// machine.send(.dismissToast, after: .seconds(3), id: "toast")
    /// // when the user dismisses it by hand:
    /// machine.cancelDelayedEvents(id: "toast")
    /// ```
    ///
    /// The event waits in the machine's delayed-event queue and is delivered by the run loop, with
    /// ``send(_:)``; events due at the same time arrive in the order they were sent. While no run loop
    /// runs, time stands still for delayed events: the delay counts from the next run loop's start.
    /// Leaving the current state does not cancel it — for an event that belongs to a state, use a
    /// ``StateEffect/send(_:after:)`` effect or a chart's ``AfterDelay``.
    ///
    /// - Parameters:
    ///   - event: The event to send.
    ///   - delay: The delay, measured by the clock given to ``run(clock:isolation:)``; zero or negative
    ///     delays deliver it the next time the run loop looks.
    ///   - id: An identifier for ``cancelDelayedEvents(id:)``; several events may share one.
    /// - Complexity: O(*n*) in the number of delayed events waiting.
    @inlinable public func send(_ event: Event, after delay: Duration, id: String? = nil) {
        delayedEvents().schedule(event, after: delay, id: id)
    }

    /// Drops every delayed event sent with `id` that has not been delivered yet.
    ///
    /// - Parameter id: The identifier given to ``send(_:after:id:)``.
    /// - Returns: The number of events dropped; 0 when none was waiting.
    /// - Complexity: O(*n*) in the number of delayed events waiting.
    @inlinable @discardableResult
    public func cancelDelayedEvents(id: String) -> Int {
        support?.delayedEvents?.cancel(id: id) ?? 0
    }

    /// The number of delayed events waiting to be delivered.
    public var pendingDelayedEventCount: Int { support?.delayedEvents?.count ?? 0 }

    /// Not API: the delayed events waiting, in the order they will be delivered, with their identifiers
    /// and the time each has left (snapshots save them; ``send(_:after:id:)`` in this order schedules them
    /// again). Read by chart snapshots and by an SCXML session's.
    ///
    /// - Complexity: O(*n*) in the number of delayed events waiting.
    package var _waitingDelayedEvents: [(event: Event, id: String?, remaining: Duration)] {
        support?.delayedEvents?.waiting ?? []
    }

    /// Drops every waiting delayed event (a chart that finished).
    @usableFromInline func cancelAllDelayedEvents() {
        support?.delayedEvents?.cancelAll()
    }

    /// The machine's delayed events, created on first use.
    @inlinable func delayedEvents() -> MachineDelayedEvents<Event> {
        // Found without calling `makeSupport()`, an unspecialised call, on every send.
        if let existing = unretainedSupport?._withUnsafeGuaranteedRef({ $0.delayedEvents }) { return existing }
        let support = makeSupport()
        if let existing = support.delayedEvents { return existing }
        let created = MachineDelayedEvents<Event>()
        support.delayedEvents = created
        return created
    }

    /// ``delayedEvents()`` without a retain: the machine, which the caller holds, keeps its support object for
    /// life, and the support object the delayed events it made (nothing replaces them).
    ///
    /// Inline when they exist (a few loads, on every macrostep that schedules or cancels a timer); made out of line.
    @inlinable @inline(__always) func unretainedDelayedEvents() -> Unmanaged<MachineDelayedEvents<Event>> {
        if let support = unretainedSupport,
            let existing = support._withUnsafeGuaranteedRef({ $0.unretainedDelayedEvents })
        {
            return existing
        }
        return makeUnretainedDelayedEvents()
    }

    /// ``unretainedDelayedEvents()`` the first time: made by ``delayedEvents()``.
    @inlinable @inline(never) func makeUnretainedDelayedEvents() -> Unmanaged<MachineDelayedEvents<Event>> {
        Unmanaged.passUnretained(delayedEvents())
    }

    /// Delivers every delayed event that is due, earliest first; events they cause to be scheduled are
    /// due strictly later, or delivered in this call when their delay is zero.
    func deliverDueDelayedEvents() {
        guard let delayed = support?.delayedEvents else { return }
        while let event = delayed.popDue() { send(event) }
    }

    // MARK: Virtual time, for SCXML sessions

    /// Not API: the time on the machine's delayed-event axis. While no run loop runs it moves only with
    /// ``_popDelayedEvent(notAfter:)`` and ``_moveDelayedEventTime(to:)``.
    package var _delayedEventTime: Duration { support?.delayedEvents?.now ?? .zero }

    /// Not API: when the earliest delayed event falls due on the machine's axis; `nil` when none waits.
    package var _nextDelayedEventTime: Duration? { support?.delayedEvents?.nextDue }

    /// Not API: while no run loop runs, removes the earliest delayed event due by `end` (any, when `nil`)
    /// and moves the machine's time to its due time; the caller delivers it.
    ///
    /// - Parameter end: The latest due time to take.
    /// - Returns: The event, or `nil` when none is due by `end`.
    package func _popDelayedEvent(notAfter end: Duration?) -> Event? {
        support?.delayedEvents?.popMovingTime(notAfter: end)
    }

    /// Not API: while no run loop runs, moves the machine's time forward to `time`, delivering nothing.
    ///
    /// - Parameter time: The new time; an earlier time leaves it unchanged.
    package func _moveDelayedEventTime(to time: Duration) {
        delayedEvents().moveTime(to: time)
    }
}

extension StateMachine where Event: Sendable {
    /// Starts the delayed events' time on the run loop's clock, and registers with a settling clock.
    ///
    /// - Returns: What ``endDelayedEvents(_:)`` needs to undo it.
    func beginDelayedEvents(
        runtime: EffectRuntime<State, Event>, clock: any Clock<Duration>
    ) -> (clock: any _SettlingClock, id: Int)? {
        delayedEvents().begin(runtime)
        guard let settling = clock as? any _SettlingClock else { return nil }
        let inbox = runtime.inbox
        return (settling, settling._addRunLoop { await inbox.settle() })
    }

    /// Stops the delayed events' time: they wait for the next run loop.
    func endDelayedEvents(_ registration: (clock: any _SettlingClock, id: Int)?) {
        if let registration { registration.clock._removeRunLoop(registration.id) }
        support?.delayedEvents?.end()
    }

    /// The run loop's timer fired: delivers what is due and starts the next timer.
    func delayedEventTimerFired() {
        deliverDueDelayedEvents()
        support?.delayedEvents?.timerFired()
    }

    /// A settling clock moved: delivers what is due.
    ///
    /// - Returns: The time until the next delayed event falls due; `nil` when none waits.
    func settleDelayedEvents() -> Duration? {
        deliverDueDelayedEvents()
        guard let delayed = support?.delayedEvents, let next = delayed.nextDue else { return nil }
        return next - delayed.now
    }
}
