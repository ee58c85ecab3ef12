extension StateMachine {
    /// Called after every transition with the state before it, the event and the state after it.
    ///
    /// It runs after the definition's actions and hooks and before the observers added with
    /// ``addObserver(_:)``. Setting it to `nil` removes it. Observers it adds or removes, and a
    /// `didTransition` it sets, take effect at once: those it adds are called for the same transition, after
    /// it, and one it sets from the next transition on. Set while observers are being notified, it is first
    /// called for the next transition.
    ///
    /// It is an observer like those of ``addObserver(_:)``, kept first: it costs what they cost.
    public var didTransition: ((State, Event, State) -> Void)? {
        get { support?.didTransition }
        set {
            if newValue == nil && support == nil { return }
            let support = makeSupport()
            support.setDidTransition(newValue, deferring: isNotifying)
            if isNotifying { hasDeferredWork = true }
            // The object's lookup, as `addObserver(_:)` sets it.
            if Self.answersByLookup { answeringLookup = support.observedLookup }
        }
    }

    /// Adds an observer called after every transition with `(old, event, new)`.
    ///
    /// Observers are called in the order they were added, after ``didTransition``. An event an observer
    /// sends is queued and handled after the current one; an observer added while observers are being
    /// notified is first called for the next transition.
    ///
    /// - Returns: A token for ``removeObserver(_:)``.
    /// - Complexity: O(1) amortised.
    @discardableResult
    public func addObserver(_ observer: @escaping (State, Event, State) -> Void) -> ObserverToken {
        let support = makeSupport()
        let token = support.makeToken()
        support.observers.append(TransitionObserverBox(token: token, body: observer), deferring: isNotifying)
        if isNotifying { hasDeferredWork = true }
        // The object's lookup at once, even while the machine is busy: the observed lookup answers its cells
        // only while the machine is idle.
        if Self.answersByLookup { answeringLookup = support.observedLookup }
        return token
    }

    /// Adds an observer called with the state and the event whenever the machine ignores an event.
    ///
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func addIgnoredEventObserver(_ observer: @escaping (State, Event) -> Void) -> ObserverToken {
        let support = makeSupport()
        let token = support.makeToken()
        support.ignoredEventObservers.append(
            IgnoredEventObserverBox(token: token, body: observer), deferring: isNotifying)
        if isNotifying { hasDeferredWork = true }
        supportHoldsMoreThanTransitionObservers(support)
        return token
    }

    /// Removes the observer that `token` identifies. Removing one that is already gone does nothing.
    ///
    /// An observer removed while observers are being notified is still called for the transition being
    /// reported (as when iterating over a copy of the list), never after.
    ///
    /// - Returns: Whether an observer was removed.
    /// - Complexity: O(*n*) in the number of observers.
    @discardableResult
    public func removeObserver(_ token: ObserverToken) -> Bool {
        guard let support else { return false }
        // While the machine notifies, a removal only marks the observer (see `ObserverList`), for the end of the
        // event to apply.
        if isNotifying { hasDeferredWork = true }
        if support.observers.remove(token, deferring: isNotifying) { return true }
        if support.ignoredEventObservers.remove(token, deferring: isNotifying) { return true }
        if let effects = support.effects { return effects.removeObserver(token) }
        return false
    }

    /// The number of observers attached (transition, ignored-event and effect-error observers, not
    /// counting ``didTransition``).
    public var observerCount: Int {
        guard let support else { return 0 }
        return support.observers.count - (support.didTransition == nil ? 0 : 1) + support.ignoredEventObservers.count
            + (support.effects?.observerCount ?? 0)
    }
}
