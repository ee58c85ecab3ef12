/// The Statecraft runtime: one machine, running any ``MachineDefinition``.
///
/// Every way of defining a machine runs on this one shell, so they share one set of semantics:
/// - **Run to completion.** An event sent while another is being handled (from a transition block, a
///   hook or an observer) is queued and handled after the current one completes, in FIFO order. The
///   queue is drained in a loop, never by recursion, so a chain of a million self-sent events uses no
///   more stack than one.
/// - **Ignored events** leave the state unchanged; ``send(_:)`` reports ``EventOutcome/ignored`` and
///   ignored-event observers hear of them.
/// - **Observers** are called after each transition with `(old, event, new)`: first ``didTransition``,
///   then each observer added with ``addObserver(_:)`` in registration order.
///
/// ```swift
/// let schema = StateMachineSchema<ScreenState, ScreenEvent, Void>(initialState: .list) { state, event in
///     switch (state, event) {
///     case (.list, .refresh): return (.refreshing, { _ in print("refresh") })
///     case (.refreshing, .showList): return (.list, nil)
///     default: return nil
///     }
/// }
/// let machine = StateMachine(schema: schema, subject: ())
/// machine.handle(.refresh)   // prints "refresh", returns true
/// ```
///
/// A machine is a reference type meant to be used from one isolation domain at a time — the main actor
/// for a view model, or inside an actor. It is not `Sendable`.
///
/// Every event, whichever way it is sent, goes through one function, `process(_:)` in
/// `StateMachine+Lifecycle.swift`: queue it if busy, ask the definition to step, then end the old state's
/// effects, run the hooks, notify, drain the queue and go idle.
///
/// - Complexity: Handling an event costs one call to the definition's ``MachineDefinition/decide(state:event:)``
///   plus its hooks; with no observer attached it allocates nothing.
public final class StateMachine<Definition: MachineDefinition> {
    /// The machine's state type.
    public typealias State = Definition.State
    /// The machine's event type.
    public typealias Event = Definition.Event
    /// The machine's subject type.
    public typealias Subject = Definition.Subject

    /// The transition logic this machine runs, often shared by many machines.
    public let definition: Definition

    /// The value this machine is bound to; transition blocks receive it.
    public let subject: Subject

    /// What this machine's steps reuse from one event to the next (`MachineDefinition._makeStepper(startingIn:)`):
    /// made with the machine and never shared with another, so the definition needs no check of who owns it.
    @usableFromInline let stepper: Definition._Stepper

    // The hot path reads and writes these on every event. `supportAndStatus` is never passed `inout` across a
    // call into user code. `_state` is, once: the lifecycle passes it `inout` to the definition's `_update`,
    // which runs a chart's guards and actions; those can read `machine.state` but not write it (no public
    // setter) nor start another step (their events are queued), so no access overlaps that one. The dynamic
    // exclusivity checks the compiler would otherwise emit (a runtime call per access) would buy nothing:
    // `unchecked`.
    @exclusivity(unchecked) @usableFromInline var _state: State
    // The state from before the event being handled, as observers receive it, kept by a definition that updates
    // its state in place (`MachineDefinition._keepStateForObservers`) while `didTransition` or an observer needs
    // it; reused from event to event, so it holds the old state (a chart's old context included) until the next
    // observed event replaces it. Kept here rather than in the support object, so that the step reaches it
    // directly. Only the lifecycle (`StateMachine+Lifecycle.swift`) accesses it, never across a call that could
    // reach it again.
    @exclusivity(unchecked) @usableFromInline var keptStateForObservers: State? = nil
    // Whether the end of the event being handled has work to do: the support object's queue holds events
    // (set by `enqueue`) or an observer was added or removed while the machine was notifying (set by
    // `StateMachine+Observers.swift`; the change waits in its list). Cleared by `drainQueue`.
    @exclusivity(unchecked) @usableFromInline var hasDeferredWork = false
    // The support object's address (observers, queue, effects; made by `makeSupport()` on first need, never
    // replaced or released before the machine is) with three bits in its low bits: `busyBit` while the
    // machine handles an event, `notifyingBit` too while it notifies observers of it, and for good once the
    // object holds more than transition observers, `holdsMoreThanTransitionObserversBit`. 0 means idle without
    // a support object: the first thing most events test, in one word.
    @exclusivity(unchecked) @usableFromInline var supportAndStatus: UInt = 0
    // For a machine that `answersByLookup`, the lookup the lifecycle reads first: the definition's plain
    // lookup while the machine is idle without a support object (it then answers most events alone); its
    // asking variant while the machine is busy without one (events sent then must be queued); the support
    // object's `observedLookup` once it has one; `askingWithoutSupport` for a definition without a lookup.
    // Never read by other machines: it stays `_TransitionLookup.askingTheDefinition`.
    @exclusivity(unchecked) @usableFromInline var answeringLookup: _TransitionLookup

    /// The bit of ``supportAndStatus`` set while the machine handles an event.
    @inlinable static var busyBit: UInt { 2 }

    /// The bits of ``supportAndStatus`` that say what the machine is doing: the busy bit and ``notifyingBit``,
    /// both cleared when it is done with an event.
    @inlinable static var statusBits: UInt { busyBit | notifyingBit }

    /// The bit of ``supportAndStatus`` set, for good, once the support object holds more than transition
    /// observers — effects or an ignored-event observer (``supportHoldsMoreThanTransitionObservers(_:)``).
    /// While it is clear, an event ends no effects and nobody hears it ignored, which the lifecycle tells from
    /// the status word it reads anyway, without reading the object.
    @inlinable static var holdsMoreThanTransitionObserversBit: UInt { 1 }

    /// The bits of ``supportAndStatus`` that are not the support object's address.
    @inlinable static var flagBits: UInt { statusBits | holdsMoreThanTransitionObserversBit }

    /// Whether the machine is handling an event: events sent meanwhile are queued. Clearing it clears
    /// ``notifyingBit`` too.
    @inlinable var isHandling: Bool {
        @inline(__always) get { supportAndStatus & Self.busyBit != 0 }
        @inline(__always) set {
            supportAndStatus = newValue ? supportAndStatus | Self.busyBit : supportAndStatus & ~Self.statusBits
        }
    }

    /// The support object, if any.
    @inlinable var support: MachineSupport<State, Event>? {
        unretainedSupport?.takeUnretainedValue()
    }

    /// The support object, if any, for use without retaining it, while the machine handles an event.
    ///
    /// Safe: the machine holds its support object strongly, never replaces or releases it once created,
    /// and is itself alive for the whole of any call made on it, so the object outlives every use made
    /// through this reference within that call. It spares the hot path a retain and a release of the
    /// support object around every notification, which the compiler must otherwise emit because an
    /// observer could (as far as it can tell) reassign it.
    @inlinable var unretainedSupport: Unmanaged<MachineSupport<State, Event>>? {
        guard let address = UnsafeRawPointer(bitPattern: supportAndStatus & ~Self.flagBits) else { return nil }
        return Unmanaged.fromOpaque(address)
    }

    /// The current state.
    @inlinable public var state: State { _state }

    /// Creates a machine in the definition's initial state, bound to `subject`.
    ///
    /// The definition's ``MachineDefinition/didStart(in:)`` runs before the initializer returns, and any
    /// event it sends is handled before the initializer returns too.
    public init(definition: Definition, subject: Subject) {
        let initialState = definition.initialState
        self.definition = definition
        self.subject = subject
        self.stepper = definition._makeStepper(startingIn: initialState)
        self._state = initialState
        self.answeringLookup = .askingTheDefinition
        isHandling = true
        definition.didStart(in: self)
        finishEvent(lookupBeforeEvent: Self.answersByLookup ? plainLookup : .askingTheDefinition, knownSupport: nil)
    }

    /// Creates a machine in `restoredState`, bound to `subject`, without starting it: no hook runs
    /// (``MachineDefinition/didStart(in:)`` included). Restoring from a snapshot
    /// (`StateMachine+Snapshots.swift`) resumes what the state needs afterwards.
    init(definition: Definition, subject: Subject, restoredState: State) {
        self.definition = definition
        self.subject = subject
        self.stepper = definition._makeStepper(startingIn: restoredState)
        self._state = restoredState
        self.answeringLookup = .askingTheDefinition
        if Self.answersByLookup { answeringLookup = plainLookup }
    }

    /// Handles `event` and tells whether the machine transitioned.
    ///
    /// - Returns: `true` when the event caused a transition (a change of state or an update in place,
    ///   settled or not); `false` when it was ignored in the current state, or queued because the machine
    ///   was busy with another event (see ``send(_:)`` for the distinction).
    @inlinable @inline(__always) @discardableResult
    public func handle(_ event: Event) -> Bool {
        process(event) == .transitioned
    }

    /// Sends `event` to the machine and tells what became of it.
    ///
    /// Called while the machine is handling another event — from a hook, a transition block or an
    /// observer — the event is queued and handled after the current one, and the result is
    /// ``EventOutcome/queued``. Otherwise the event is handled now, followed by every event queued
    /// meanwhile, before this call returns.
    @inlinable @discardableResult
    public func send(_ event: Event) -> EventOutcome {
        switch process(event) {
        case .transitioned: return outcomeOfTransition()
        case .ignored: return .ignored
        case .queued: return .queued
        }
    }

    /// `.transitioned`, or `.unsettled` when the definition reports that the step stopped at its bound.
    @inlinable func outcomeOfTransition() -> EventOutcome {
        guard let loop = definition._loopError(in: _state) else { return .transitioned }
        return .unsettled(loop)
    }

    @usableFromInline
    func enqueue(_ event: Event) {
        // An existing object is used as it is: a queued event changes nothing the lookups answer for.
        (support ?? makeSupport()).queue.enqueue(event)
        hasDeferredWork = true
    }

    /// The support object, created on first need.
    ///
    /// A machine with a support object answers by the object's ``MachineSupport/observedLookup``
    /// (``answeringLookup``): made while the machine is idle, the object's lookup becomes the machine's at once;
    /// made while it handles an event, at the end of the event (the plain lookup is put away until then).
    @usableFromInline
    func makeSupport() -> MachineSupport<State, Event> {
        if let existing = unretainedSupport { return existing.takeUnretainedValue() }
        let created = MachineSupport<State, Event>()
        if Self.answersByLookup, let lookup = definition._transitionLookup {
            created.observedLookup = lookup.observedVariant
        }
        if Self.answersByLookup, !isHandling { answeringLookup = created.observedLookup }
        // Keeps the status bits.
        supportAndStatus =
            UInt(bitPattern: Unmanaged.passRetained(created).toOpaque()) | (supportAndStatus & Self.statusBits)
        return created
    }

    /// Records that `support`, the machine's support object, now holds more than transition observers (of which
    /// `didTransition` is one) — an ignored-event observer or effects — so that no event is answered by the
    /// observed lookup as if it held only them: clears its ``MachineSupport/observedLookup`` and sets
    /// ``holdsMoreThanTransitionObserversBit``, both for good. Called wherever one of those is set or added.
    @usableFromInline
    func supportHoldsMoreThanTransitionObservers(_ support: MachineSupport<State, Event>) {
        supportAndStatus |= Self.holdsMoreThanTransitionObserversBit
        support.observedLookup = .askingTheDefinition
        if Self.answersByLookup { answeringLookup = .askingTheDefinition }
    }

    deinit {
        if let support { Unmanaged.passUnretained(support).release() }
    }

    /// The number of events sent while the machine was busy and not handled yet.
    public var pendingEventCount: Int { support?.queue.count ?? 0 }
}

extension StateMachine where Subject == Void {
    /// Creates a machine in the definition's initial state.
    public convenience init(definition: Definition) {
        self.init(definition: definition, subject: ())
    }
}
