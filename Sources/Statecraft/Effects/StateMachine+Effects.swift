extension StateMachine where Event: Sendable {
    /// Starts `effect` as part of the current state: it is cancelled when the machine leaves the state, and
    /// any event it sends after that is dropped.
    ///
    /// Call it from a hook that runs when a state is entered — ``StateMachineState/didEnter(from:in:)``,
    /// a definition's ``MachineDefinition/didTransition(from:on:decision:in:)`` for a
    /// ``TransitionKind/change``, or ``MachineDefinition/didStart(in:)`` for the initial state:
    ///
    /// ```swift
    /// enum Download: StateMachineState {
    ///     case idle, loading(Double), done
    ///     func didEnter(from previous: Download?, in machine: Machine) {
    ///         guard case .loading = self else { return }
    ///         machine.startEffect(StateEffect { context in
    ///             try await context.sleep(for: .seconds(1))
    ///             await context.send(.finished)
    ///         })
    ///     }
    ///     // next(for:) …
    /// }
    /// ```
    ///
    /// Work started while an event is being handled belongs to the state the event leads to: from
    /// ``StateMachineState/willTransition(on:to:in:)`` or ``StateMachineState/didExit(to:in:)`` (where the
    /// seed's screen starts its fetch and download) just as from ``StateMachineState/didEnter(from:in:)``.
    /// The shell ends the old state's effects before the transition's first hook runs, so nothing started by
    /// the transition is cancelled by it.
    ///
    /// The effect's task starts at once if ``run(clock:isolation:)`` is running, otherwise it waits for it
    /// (see ``waitingEffectCount``): no effect runs in a machine whose `run` is never called.
    /// A change of state — ``TransitionKind/change``, not an update in place — ends the effects of the
    /// state that was left.
    ///
    /// - Parameter effect: The work to start.
    @inlinable public func startEffect(_ effect: StateEffect<Event>) {
        // Specialised for the machine's types, as is the change of state's `leaveStateInline()` it installs: the
        // runtime's methods, generic, looked up the metadata of its collections on every call otherwise.
        let runtime = effectRuntime()
        if runtime.specialisedLeaveState == nil {
            runtime.specialisedLeaveState = { scope in
                // Only this machine's runtime, an `EffectRuntime<State, Event>`, holds this closure.
                unsafeDowncast(scope, to: EffectRuntime<State, Event>.self).leaveStateInline()
            }
        }
        runtime.startInline(effect)
    }

    /// Runs the machine's effects until the calling task is cancelled: starts effects that are waiting,
    /// and handles the events effects send, on the caller's isolation.
    ///
    /// Call it from the isolation the machine lives on — the main actor for a view model, the actor that
    /// owns the machine — typically in a task tied to the screen's or the owner's lifetime:
    ///
    /// ```swift
    /// @MainActor final class ScreenModel {
    ///     let machine = StateMachine(definition: DownloadDefinition())
    ///     func start() -> Task<Void, Never> { Task { await machine.run() } }
    /// }
    /// ```
    ///
    /// Events from effects are handled one at a time, in the order they were sent, each with
    /// ``send(_:)``. An event from an effect whose state has been left is dropped. When the task running
    /// this method is cancelled, every running effect is cancelled and events still waiting are dropped;
    /// the machine stays in its state, and the next call starts that state's unfinished effects again from
    /// the beginning (a screen that disappears and reappears resumes its loading), together with effects
    /// started in between. Only one call runs at a time: a call made while another runs returns at once.
    ///
    /// The machine's delayed events (``send(_:after:id:)``, a chart's ``AfterDelay`` and
    /// ``ChartScope/send(_:after:id:)``) are delivered through this loop too, on `clock`, in time order.
    ///
    /// - Parameters:
    ///   - clock: The clock effects sleep on (``EffectContext/sleep(for:)``, ``StateEffect/send(_:after:)``),
    ///     and the clock of the machine's delayed events; `ContinuousClock` by default, `ManualClock`
    ///     (module `StatecraftTesting`) in tests.
    ///   - isolation: The isolation the machine is used from; leave the default, the caller's.
    public func run(
        clock: any Clock<Duration> = ContinuousClock(),
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let runtime = effectRuntime()
        if runtime.isRunning { return }
        runtime.begin(clock: clock)
        let settling = beginDelayedEvents(runtime: runtime, clock: clock)
        while let item = await runtime.inbox.next() {
            deliver(item, runtime: runtime)
        }
        endDelayedEvents(settling)
        runtime.end()
    }

    /// Handles one message from an effect on the machine's isolation.
    private func deliver(
        _ item: EffectInbox<Event>.Item, runtime: EffectRuntime<State, Event>
    ) {
        switch item {
        case .event(let epoch, let event, let reply):
            guard epoch == runtime.epoch else {
                reply.resume(returning: .dropped)
                return
            }
            let outcome = send(event)
            reply.resume(returning: .delivered(outcome))
        case .failure(let epoch, let error, let mapping):
            // The failure of work whose state was left is moot: that work was cancelled.
            guard epoch == runtime.epoch else { return }
            if let mapping, let event = mapping(error) {
                send(event)
            } else {
                runtime.report(error, in: _state)
            }
        case .finished(let id):
            runtime.finished(id: id)
        case .timerFired:
            delayedEventTimerFired()
        case .settle(let reply):
            reply.resume(returning: settleDelayedEvents())
        case .invocation(let task, let generation, let result):
            // Dropped when the invocation was cancelled meanwhile (its state was left).
            if task.claim(generation: generation) { task.completion(result) }
        }
    }

    /// Adds an observer called with the error and the current state when an effect of the current state
    /// throws an error that its ``StateEffect/errorMapping`` does not turn into an event.
    ///
    /// - Parameter observer: Called on the machine's isolation.
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func addEffectErrorObserver(_ observer: @escaping (any Error, State) -> Void) -> ObserverToken {
        let token = makeSupport().makeToken()
        effectRuntime().addErrorObserver(token: token, observer)
        return token
    }

    /// Adds an observer called when an effect is started in the current state and when a change of state
    /// cancels one that had not finished, with the effect's ``StateEffect/name``.
    ///
    /// Both are told while the event that caused them is handled, before the transition observers
    /// (``addObserver(_:)``) hear of it: cancellations when the state is left, starts from the hooks that
    /// start effects. An effect that finishes on its own, and the run loop stopping or starting again, are
    /// not reported.
    ///
    /// ```swift
    /// machine.addEffectObserver { activity in log.append(activity.description) }   // "start fetch"
    /// ```
    ///
    /// - Parameter observer: Called on the machine's isolation.
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func addEffectObserver(_ observer: @escaping (EffectActivity) -> Void) -> ObserverToken {
        let token = makeSupport().makeToken()
        effectRuntime().addActivityObserver(token: token, observer)
        return token
    }

    /// Errors thrown by effects that no effect-error observer was there to hear, oldest first.
    ///
    /// Nothing an effect throws is lost silently: it becomes an event, reaches an observer, or is kept here.
    public var unobservedEffectErrors: [any Error] {
        (support?.effects as? EffectRuntime<State, Event>)?.unobservedErrors ?? []
    }

    /// The number of effects started in the current state that have not finished (including those
    /// waiting for ``run(clock:isolation:)`` to start).
    public var activeEffectCount: Int {
        (support?.effects as? EffectRuntime<State, Event>)?.activeCount ?? 0
    }

    /// The number of effects of the current state waiting for ``run(clock:isolation:)`` to start them:
    /// started while it was not running, or cancelled with its last run and due to start again.
    public var waitingEffectCount: Int {
        (support?.effects as? EffectRuntime<State, Event>)?.waitingCount ?? 0
    }

    /// Whether ``run(clock:isolation:)`` is running.
    public var isRunningEffects: Bool {
        (support?.effects as? EffectRuntime<State, Event>)?.isRunning ?? false
    }

    /// The machine's effect runtime, created on first use.
    @inlinable func effectRuntime() -> EffectRuntime<State, Event> {
        // Found without `makeSupport()` or a dynamic cast once it exists: the machine stores no other runtime.
        if let existing = unretainedSupport?._withUnsafeGuaranteedRef({ $0.effects }) {
            return unsafeDowncast(existing, to: EffectRuntime<State, Event>.self)
        }
        return makeEffectRuntime()
    }

    /// ``effectRuntime()`` the first time (the machine has no runtime yet): the support object made if needed,
    /// then the runtime.
    @usableFromInline func makeEffectRuntime() -> EffectRuntime<State, Event> {
        let support = makeSupport()
        assert(support.effects == nil, "Internal inconsistency: an effect runtime made twice")
        let created = EffectRuntime<State, Event>()
        support.effects = created
        supportHoldsMoreThanTransitionObservers(support)
        return created
    }
}
