/// The parts of a machine that most events never touch: the queue of events sent while another is
/// being handled, `didTransition`, observers, ignored-event observers and effects.
///
/// A ``StateMachine`` creates its support object lazily, the first time one of these is needed, so a
/// machine nobody observes costs one pointer and its hot path only checks that pointer for `nil`.
@usableFromInline
final class MachineSupport<State, Event> {
    @usableFromInline typealias TransitionObserver = (State, Event, State) -> Void

    // Never accessed `inout` across a call into user code (observers run from the lists' buffers, which
    // an observer's own additions and removals do not change until the machine is done notifying), so the
    // dynamic exclusivity checks would only cost a runtime call per access on the hot path: `unchecked`.
    @exclusivity(unchecked) @usableFromInline var queue = EventQueue<Event>()
    @exclusivity(unchecked) @usableFromInline var didTransition: TransitionObserver? {
        didSet { updateNeedsPreviousState() }
    }
    // Changed only when observers are added or removed, or changes deferred during a notification are applied:
    // never on the path of an event, so the observer that keeps `needsPreviousState` costs nothing there.
    @exclusivity(unchecked) @usableFromInline var observers = ObserverList<TransitionObserverBox<State, Event>>() {
        didSet { updateNeedsPreviousState() }
    }
    /// Whether anything hears of transitions with the state from before them: `didTransition` or an observer
    /// (one added while the machine notifies included). Kept by `didTransition` and `observers` when they
    /// change, so that an observed event tests one byte.
    @exclusivity(unchecked) @usableFromInline private(set) var needsPreviousState = false
    @exclusivity(unchecked) @usableFromInline var ignoredEventObservers = ObserverList<
        IgnoredEventObserverBox<State, Event>
    >()
    @usableFromInline var nextTokenID = 0
    /// The machine's effects (epoch, running tasks, inbox), once it has used any; see `StateMachine+Effects.swift`.
    @exclusivity(unchecked) @usableFromInline var effects: EffectScope?
    /// The machine's delayed events, once it has sent any; see `StateMachine+DelayedEvents.swift`.
    @exclusivity(unchecked) @usableFromInline var delayedEvents: MachineDelayedEvents<Event>?
    /// The state from before the event being handled, as observers receive it, kept by a definition that
    /// updates its state in place (``MachineDefinition/_keepStateForObservers(_:in:)``) while `didTransition`
    /// or an observer needs it; reused from event to event, so it holds the old state (a chart's old context
    /// included) until the next observed event replaces it. Only the machine's own `processInPlaceObserved`
    /// accesses it, never across a call that could reach it again.
    @exclusivity(unchecked) @usableFromInline var keptState: State?

    /// The observed variant of the machine's definition's ``MachineDefinition/_transitionLookup`` while this
    /// object holds nothing an event answered by it would have to run or tell besides the transition
    /// observers — no `didTransition`, no ignored-event observer, no effects — so that an observed tabulated
    /// machine answers such an event by it and calls the observers (see `StateMachine.answerObserved(_:_:)`):
    /// the machine answers by it (`StateMachine.answeringLookup`) whenever it has this object and has not
    /// put it away. Set by the machine when it creates this object; cleared for good when any of those is
    /// set or added, by `StateMachine.supportHoldsMoreThanTransitionObservers(_:)` (the machine has put its
    /// own copy away then: each goes through `makeSupport()` first). Cleared,
    /// or for a definition without a lookup, it is `_TransitionLookup.askingTheDefinition`, which answers
    /// nothing.
    @exclusivity(unchecked) @usableFromInline var observedLookup = _TransitionLookup.askingTheDefinition

    @usableFromInline init() {}

    deinit {
        observers.deallocate()
        ignoredEventObservers.deallocate()
    }

    @usableFromInline func makeToken() -> ObserverToken {
        nextTokenID += 1
        return ObserverToken(id: nextTokenID)
    }

    /// Recomputes ``needsPreviousState``.
    @usableFromInline func updateNeedsPreviousState() {
        needsPreviousState = didTransition != nil || !observers.boxes.isEmpty || !observers.pending.isEmpty
    }

    /// Calls `didTransition`, if set, with both states lent (see `StateMachine.notifyTransition(_:lending:on:lending:)`).
    @inlinable func callDidTransition(lending oldState: inout State, on event: Event, lending newState: inout State) {
        if let didTransition { didTransition(oldState, event, newState) }
    }

    /// Calls every observer in registration order, with both states lent; the machine has set its notifying
    /// bit. For a chart's observed step (see `StateMachine.callObservers(_:lending:lending:lending:)` for the
    /// other machines'). A sole observer (``ObserverList/soleObserver``) is called without the loop: since
    /// the chart's step is a call of its own, this no longer keeps it out of its caller's loop, and it saves
    /// about 7 to 10 instructions per observed chart event.
    @inlinable func callObservers(lending oldState: inout State, on event: Event, lending newState: inout State) {
        if let sole = observers.soleObserver {
            sole._withUnsafeGuaranteedRef { box in box.body(oldState, event, newState) }
            return
        }
        let callList = observers.callList
        for index in callList.indices {
            callList[index]._withUnsafeGuaranteedRef { box in box.body(oldState, event, newState) }
        }
    }

    /// Calls every observer of ``ObserverList/callList`` in order, with both states lent, for a notification
    /// with more than one observer. Out of line, so that a caller that calls a sole observer inline
    /// (`StateMachine.callObservers`) keeps its loop's registers across that call instead of reloading them
    /// where the two ways meet (about 5 instructions per observed transition of a state type).
    @inlinable @inline(never)
    func callEachObserver(lending oldState: inout State, on event: Event, lending newState: inout State) {
        let callList = observers.callList
        for index in callList.indices {
            callList[index]._withUnsafeGuaranteedRef { box in box.body(oldState, event, newState) }
        }
    }

    /// Applies the changes to either observer list deferred during the notifications of the event just
    /// handled (see ``ObserverList``).
    @usableFromInline func applyDeferredObserverChanges() {
        observers.applyDeferredChanges()
        ignoredEventObservers.applyDeferredChanges()
    }
}
