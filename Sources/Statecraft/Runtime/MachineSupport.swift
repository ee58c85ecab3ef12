/// The parts of a machine that most events never touch: the queue of events sent while another is
/// being handled, `didTransition`, observers, ignored-event observers and effects.
///
/// A ``StateMachine`` creates its support object lazily, the first time one of these is needed, so a
/// machine nobody observes costs one pointer and its hot path only checks that pointer for `nil`.
@usableFromInline
final class MachineSupport<State, Event> {
    @usableFromInline typealias TransitionObserver = (State, Event, State) -> Void
    @usableFromInline typealias IgnoredEventObserver = (State, Event) -> Void

    // Never accessed `inout` across a call into user code (observers run on snapshots), so the dynamic
    // exclusivity checks would only cost a runtime call per access on the hot path: `unchecked`.
    @exclusivity(unchecked) @usableFromInline var queue = EventQueue<Event>()
    @exclusivity(unchecked) @usableFromInline var didTransition: TransitionObserver?
    @exclusivity(unchecked) @usableFromInline var observers: [(token: ObserverToken, observer: TransitionObserver)] = []
    @exclusivity(unchecked) @usableFromInline
    var ignoredEventObservers: [(token: ObserverToken, observer: IgnoredEventObserver)] = []
    @usableFromInline var nextTokenID = 0
    /// The machine's effects (epoch, running tasks, inbox), once it has used any; see `StateMachine+Effects.swift`.
    @exclusivity(unchecked) @usableFromInline var effects: EffectScope?
    /// The machine's delayed events, once it has sent any; see `StateMachine+DelayedEvents.swift`.
    var delayedEvents: MachineDelayedEvents<Event>?

    @usableFromInline init() {}

    @usableFromInline func makeToken() -> ObserverToken {
        nextTokenID += 1
        return ObserverToken(id: nextTokenID)
    }

    /// Whether anything hears of transitions with the state from before them: `didTransition` or an
    /// observer. Definitions that update their state in place are stepped on a copy while it is `true`.
    @inlinable var needsPreviousState: Bool { didTransition != nil || !observers.isEmpty }

    /// Calls `didTransition`, then every observer in registration order.
    @inlinable func notifyTransition(from oldState: State, on event: Event, to newState: State) {
        if let didTransition { didTransition(oldState, event, newState) }
        switch observers.count {
        case 0:
            return
        case 1:
            // The common case, without copying the array: calling the one observer is what iterating over
            // a one-element snapshot does (observers it adds are not called for this transition).
            let observer = observers[0].observer
            observer(oldState, event, newState)
        default:
            notifyObservers(from: oldState, on: event, to: newState)
        }
    }

    /// Calls every observer, iterating over a snapshot so that observers may add or remove observers.
    @usableFromInline func notifyObservers(from oldState: State, on event: Event, to newState: State) {
        let current = observers
        for entry in current { entry.observer(oldState, event, newState) }
    }

    /// Calls every ignored-event observer in registration order.
    @inlinable func notifyIgnored(_ event: Event, in state: State) {
        switch ignoredEventObservers.count {
        case 0:
            return
        case 1:
            let observer = ignoredEventObservers[0].observer
            observer(state, event)
        default:
            let current = ignoredEventObservers
            for entry in current { entry.observer(state, event) }
        }
    }
}
