extension StateMachine {
    /// ``processAndDrain(_:hint:idleWord:)`` for a definition that `_updatesStateInPlace`, on an idle machine whose
    /// word, `idleWord`, is its support object's address, which holds observers that need the state from before
    /// the event (``MachineSupport/needsPreviousState``): ``processInPlaceObserved(_:hint:support:)`` alone, without
    /// the tests ``processInPlace(_:hint:)`` makes first.
    @inlinable @inline(__always)
    func processObserved(_ event: Event, hint: _StepHint, idleWord: UInt) -> Bool {
        supportWord = idleWord | Self.busyBit
        if hint == .unknown { definition._willHandle(event, in: self) }
        let transitioned = processInPlaceObserved(event, hint: hint, support: idleSupport(idleWord))
        if hasDeferredWork { drainQueue() }
        supportWord = idleWord
        return transitioned
    }
}
