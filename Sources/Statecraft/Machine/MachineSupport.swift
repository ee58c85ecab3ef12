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
    /// What ``StateMachine/didTransition`` was last set to, for its getter. The machine calls it from its box,
    /// the first of ``observers`` (see ``setDidTransition(_:deferring:)``), never from here.
    @usableFromInline var didTransition: TransitionObserver?
    // Changed only when observers are added or removed, or changes deferred during a notification are applied:
    // never on the path of an event, so the observer that keeps `needsPreviousState` costs nothing there.
    @exclusivity(unchecked) @usableFromInline var observers = ObserverList<TransitionObserverBox<State, Event>>() {
        didSet { updateNeedsPreviousState() }
    }
    /// Whether anything hears of transitions with the state from before them: an observer, `didTransition`
    /// included (one added while the machine notifies too). Kept by `observers` when it changes, so that an
    /// observed event tests one byte.
    @exclusivity(unchecked) @usableFromInline private(set) var needsPreviousState = false
    @exclusivity(unchecked) @usableFromInline var ignoredEventObservers = ObserverList<
        IgnoredEventObserverBox<State, Event>
    >()
    @usableFromInline var nextTokenID = 0
    /// The machine's effects (epoch, running tasks, inbox), once it has used any; see `StateMachine+Effects.swift`.
    @exclusivity(unchecked) @usableFromInline var effects: EffectScope?
    /// The machine's delayed events, once it has sent any; see `StateMachine+DelayedEvents.swift`.
    @exclusivity(unchecked) @usableFromInline var delayedEvents: MachineDelayedEvents<Event>? {
        didSet { unretainedDelayedEvents = delayedEvents.map { Unmanaged.passUnretained($0) } }
    }
    /// ``delayedEvents`` as an unretained reference, kept with it: a per-event step that schedules or cancels
    /// reads it without the retain and release that loading the reference costs.
    @exclusivity(unchecked) @usableFromInline private(set) var unretainedDelayedEvents:
        Unmanaged<MachineDelayedEvents<Event>>?
    /// The observed variant of the machine's definition's ``MachineDefinition/_transitionLookup`` while this
    /// object holds nothing an event answered by it would have to run or tell besides the transition
    /// observers (`didTransition` is one) — no ignored-event observer, no effects — so that an observed tabulated
    /// machine answers such an event by it and calls the observers (see `StateMachine.step(_:lookupCell:preview:)`):
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
        needsPreviousState = observers.hasObservers
    }

    /// Sets ``StateMachine/didTransition``: `observer` boxed as the first of ``observers`` under its reserved
    /// token (``ObserverToken/didTransition``), in place of the one set before, so that the machine calls it
    /// as it calls the others, before them; `nil` removes it. While the machine notifies (`deferring`), the
    /// change waits as the lists' other changes do.
    @usableFromInline func setDidTransition(_ observer: TransitionObserver?, deferring: Bool) {
        didTransition = observer
        // Unwrapped by `if let`, not `Optional.map`: passed through `map`'s generic parameter, the closure came
        // back wrapped in reabstraction thunks, called on every observed transition.
        var box: TransitionObserverBox<State, Event>?
        if let observer { box = TransitionObserverBox(token: .didTransition, body: observer) }
        observers.replaceLeading(with: box, token: .didTransition, deferring: deferring)
    }

    /// Calls every observer of ``ObserverList/callList`` in order, with both states lent, for a notification
    /// with more than one observer. Out of line, so that a caller that calls a sole observer inline
    /// (`StateMachine.callObservers`) keeps its loop's registers across that call instead of reloading them
    /// where the two ways meet, on every observed transition of a state type.
    ///
    /// `didTransition`, first when set, runs before the others; what it changes takes effect at once (see
    /// ``callObserversAfterDidTransition(lending:on:lending:)``).
    @inlinable @inline(never)
    func callEachObserver(lending oldState: inout State, on event: Event, lending newState: inout State) {
        let callList = observers.callList
        var first = 0
        if callList[0]._withUnsafeGuaranteedRef({ $0.token == .didTransition }) {
            callList[0]._withUnsafeGuaranteedRef { box in box.body(oldState, event, newState) }
            if observers.hasDeferredChanges {
                callObserversAfterDidTransition(lending: &oldState, on: event, lending: &newState)
                return
            }
            first = 1
        }
        for index in first..<callList.count {
            callList[index]._withUnsafeGuaranteedRef { box in box.body(oldState, event, newState) }
        }
    }

    /// What the machine does after calling its sole observer (``ObserverList/soleObserver``) when the event left
    /// deferred work: if that observer was `didTransition` and it changed the observers, what
    /// ``callObserversAfterDidTransition(lending:on:lending:)`` does; otherwise nothing.
    @usableFromInline
    func finishAfterSoleObserver(lending oldState: inout State, on event: Event, lending newState: inout State) {
        guard observers.hasDeferredChanges, observers.boxes.first?.token == .didTransition else { return }
        callObserversAfterDidTransition(lending: &oldState, on: event, lending: &newState)
    }

    /// Once `didTransition` has returned, having changed the observers (changes the machine deferred, as it is
    /// notifying): applies those changes at once, as they are made before the observers are called, then calls
    /// every observer of the new list but `didTransition` (one it set is first called for the next transition).
    /// Nothing has read the lists since `didTransition` began, and nothing changed them before it.
    @usableFromInline
    func callObserversAfterDidTransition(lending oldState: inout State, on event: Event, lending newState: inout State)
    {
        applyDeferredObserverChanges()
        let callList = observers.callList
        for index in callList.indices {
            callList[index]._withUnsafeGuaranteedRef { box in
                if box.token != .didTransition { box.body(oldState, event, newState) }
            }
        }
    }

    /// Applies the changes to either observer list deferred during the notifications of the event just
    /// handled (see ``ObserverList``).
    @usableFromInline func applyDeferredObserverChanges() {
        observers.applyDeferredChanges()
        ignoredEventObservers.applyDeferredChanges()
    }
}
