extension StateMachine {
    /// The bit of `supportAndStatus` set while the machine notifies observers: from the first observer called
    /// for an event (`didTransition`, when set) until the machine is done with that event — it is
    /// cleared with the busy bit, or by `drainQueue()` before the next queued event. While it is set, an
    /// observer added or removed waits (see ``ObserverList``) and `hasDeferredWork` is set, so the change is
    /// applied when the event ends, before any queued event is handled — or, for changes `didTransition` made,
    /// as soon as it returns (``MachineSupport/callObserversAfterDidTransition(lending:on:lending:)``). Never set
    /// without the busy bit.
    ///
    /// A bit of the word the machine sets and clears anyway, rather than a flag of each observer list: a
    /// tabulated machine's observed path sets it with the busy bit in one store, and no list has a flag to
    /// clear and a deferred change to test after every notification.
    @inlinable static var notifyingBit: UInt { 4 }

    /// Whether the machine is notifying observers (see ``notifyingBit``).
    @inlinable var isNotifying: Bool { supportAndStatus & Self.notifyingBit != 0 }

    /// Calls every observer — `didTransition` first, when set, then the others in registration order — with
    /// both states lent where their owner stores them: a parameter that is not `inout` is copied into a
    /// temporary on entry and again for each call, and for a large state (a chart's snapshot) each copy and its
    /// destruction go through the type's value witnesses. The observers only read the states; nothing writes
    /// them during the notification (a machine's state has no public setter and events sent meanwhile are
    /// queued).
    @inlinable
    func notifyTransition(
        _ support: Unmanaged<MachineSupport<State, Event>>, lending oldState: inout State, on event: Event,
        lending newState: inout State
    ) {
        // Set even when there is no observer to call: nothing runs after the notification, and the bit is
        // cleared with the busy bit.
        supportAndStatus |= Self.notifyingBit
        callObservers(support, lending: &oldState, on: event, lending: &newState)
    }

    /// Calls each observer of `support`'s ``ObserverList/callList``, read while ``notifyingBit`` is set, in
    /// order, without retaining the list's buffer, a box or a closure's context: the list does not change
    /// until the machine is done notifying (see ``ObserverList``), so the observers called are those attached
    /// when the notification began, as if iterating over a copy of the list.
    ///
    /// One observer, the most common case, is called without a loop (``ObserverList/soleObserver``): nothing
    /// but the machine is kept across its call; more are called by ``MachineSupport/callEachObserver(lending:on:lending:)``,
    /// out of line. `didTransition` is the first observer when set: alone, it is the sole one, and when it
    /// changed the observers (work deferred: the byte the end of the event tests anyway), the machine goes on
    /// with the observers of the new list (``MachineSupport/finishAfterSoleObserver(lending:on:lending:)``).
    @inlinable @inline(__always)
    func callObservers(
        _ support: Unmanaged<MachineSupport<State, Event>>, lending oldState: inout State, on event: Event,
        lending newState: inout State
    ) {
        if let sole = support._withUnsafeGuaranteedRef({ $0.observers.soleObserver }) {
            sole._withUnsafeGuaranteedRef { box in box.body(oldState, event, newState) }
            if _slowPath(hasDeferredWork) {
                support._withUnsafeGuaranteedRef {
                    $0.finishAfterSoleObserver(lending: &oldState, on: event, lending: &newState)
                }
            }
        } else {
            support._withUnsafeGuaranteedRef {
                if $0.observers.callList.baseAddress != nil {
                    $0.callEachObserver(lending: &oldState, on: event, lending: &newState)
                }
            }
        }
    }

    /// Calls every ignored-event observer in registration order, as ``notifyTransition(_:lending:on:lending:)``
    /// calls the observers.
    @inlinable @inline(__always)
    func notifyIgnored(_ support: Unmanaged<MachineSupport<State, Event>>, _ event: Event, in state: State) {
        let callList = support._withUnsafeGuaranteedRef { $0.ignoredEventObservers.callList }
        if callList.isEmpty { return }
        supportAndStatus |= Self.notifyingBit
        for index in callList.indices {
            callList[index]._withUnsafeGuaranteedRef { box in box.body(state, event) }
        }
    }
}
