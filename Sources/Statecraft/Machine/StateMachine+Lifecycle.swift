/// The one lifecycle of an event, for every kind of machine: `process(_:)` performs it, ``step(_:lookupCell:preview:knownSupport:)``
/// asks the definition what the event does, `perform(_:decided:on:knownSupport:onlyTransitionObservers:)` carries that out, ``finishEvent(lookupBeforeEvent:knownSupport:)``
/// drains the queue and goes idle. ``StateMachine/handle(_:)``, ``StateMachine/send(_:)``, the queue and the start of
/// a machine all go through these; the properties a definition's type fixes at compile time (whether it has a
/// lookup, decides purely, steps in place) only fold away the parts it cannot need.
extension StateMachine {
    /// Handles `event`: the lifecycle.
    ///
    /// 1. A tabulated machine that is idle with nothing to hear of the event is answered by its definition's
    ///    lookup alone (``answeringLookup``): the state changes, or stays, and nothing else happens.
    /// 2. A busy machine queues the event.
    /// 3. What the definition can tell without running user code ends an event it finds ignored that nobody
    ///    hears: an observed lookup's ignored cell, a chart's preview (`MachineDefinition._preview(of:in:nothingAttached:)`),
    ///    the decision of a definition that decides purely (``MachineDefinition/_decidesPurely``), made here, before
    ///    the machine is busy.
    /// 4. The machine marks itself busy (events sent meanwhile are queued, and a plain lookup, which would answer
    ///    them, is put away until the machine is idle again), the definition steps
    ///    (``step(_:lookupCell:preview:)``), the step is performed (``perform(_:on:)``), and the event finished:
    ///    the queue drained, the machine idle (``finishEvent(lookupBeforeEvent:)``).
    ///
    /// - Returns: What became of `event`.
    @inlinable @inline(__always)
    func process(_ event: Event) -> EventDisposition {
        var lookupCell = _TransitionLookup.askTheDefinition
        if Self.answersByLookup {
            let oldState = _state
            lookupCell = answeringLookup.cell(oldState, event)
            if lookupCell < _TransitionLookup.observedBit {
                // An ignored event's cell is the state itself: stored back, without a test.
                _state = _TransitionLookup.value(ofByte: lookupCell, orOnly: oldState)
                return Int(lookupCell) != _TransitionLookup.byte(of: oldState) ? .transitioned : .ignored
            }
            // The plain lookup's other answers that change nothing: a transition from the state to itself that
            // runs no hook, an ignored event.
            // The cells above an observed target's, tested by one comparison on the observed path.
            if lookupCell >= _TransitionLookup.askTheDefinitionWithoutSupport {
                if lookupCell >= _TransitionLookup.selfTransition {
                    return lookupCell == _TransitionLookup.selfTransition ? .transitioned : .ignored
                }
                // A definition without a table (evaluated on every event) decides every event. Its lookup
                // answers this cell only while the machine is idle without a support object: no status to read.
                // A copy of its own, inline, where the lookup's tests fold away.
                if lookupCell == _TransitionLookup.askTheDefinitionWithoutSupport {
                    return performEvent(
                        event, status: 0, lookupCell: _TransitionLookup.askTheDefinitionWithoutSupport,
                        preview: .unknown)
                }
            }
        }
        let status = supportAndStatus
        // The rest, from one source (`performEvent`) in two copies: one for an idle machine without a support
        // object, where every test of the object folds away (nothing hears an ignored event, no invocation runs),
        // and one for a machine with an object, which is read once. Both are in the caller's code: `performEvent`
        // is transparent, because the optimizer inlines an `@inline(__always)` function of more than 64 blocks
        // only into a caller of fewer, so that the second copy would have been a call. A tabulated machine
        // without an object reaches this only for a transition that runs a hook: that copy is out of line.
        if !Self.answersByLookup, status == 0 {
            // A chart's preview: an event its plans ignore ends here.
            var preview = _StepPreview.unknown
            if Definition._updatesStateInPlace {
                preview = definition._preview(of: event, in: self, nothingAttached: true)
                if preview == .ignored { return .ignored }
            }
            return performEvent(event, status: 0, lookupCell: lookupCell, preview: preview)
        }
        // A definition that decides purely, on an idle machine whose support object holds only transition
        // observers: a copy where the tests of effects and ignored-event observers fold away. With more, the
        // copy is out of line.
        if !Self.answersByLookup, Self.decidesBeforeMarkingBusy,
            status & (Self.busyBit | Self.holdsMoreThanTransitionObserversBit) == 0
        {
            return performEvent(event, status: status, lookupCell: lookupCell, preview: .unknown)
        }
        if status & Self.busyBit != 0 {
            enqueue(event)
            return .queued
        }
        if !Self.answersByLookup, Self.decidesBeforeMarkingBusy {
            return performEventOutOfLine(event, status: status, lookupCell: lookupCell)
        }
        if Self.answersByLookup {
            // The observed lookup is the machine's only while its support object holds nothing but transition
            // observers, which do not hear ignored events.
            if lookupCell == _TransitionLookup.ignoredIfIdle { return .ignored }
            if status == 0 { return performEventOutOfLine(event, status: 0, lookupCell: lookupCell) }
            return performEvent(event, status: status, lookupCell: lookupCell, preview: .unknown)
        }
        if Definition._updatesStateInPlace {
            // A chart's preview: an event its plans ignore that no ignored-event observer hears ends here.
            let preview = definition._preview(of: event, in: self, nothingAttached: false)
            if preview == .ignored, !hearsIgnoredEvents { return .ignored }
            return performEvent(event, status: status, lookupCell: lookupCell, preview: preview)
        }
        return performEvent(event, status: status, lookupCell: _TransitionLookup.askTheDefinition, preview: .unknown)
    }

    /// ``performEvent(_:status:lookupCell:preview:)``, out of line: for a tabulated definition on a machine
    /// without a support object, and for one that decides purely on a machine whose object holds more than
    /// transition observers.
    @inlinable @inline(never)
    func performEventOutOfLine(_ event: Event, status: UInt, lookupCell: UInt8) -> EventDisposition {
        performEvent(event, status: status, lookupCell: lookupCell, preview: .unknown)
    }

    /// Steps `event` on the idle machine whose ``supportAndStatus`` is `status`, performs the step and finishes
    /// the event: stages 2 to 4 of `process(_:)`.
    @_transparent @usableFromInline
    func performEvent(_ event: Event, status: UInt, lookupCell: UInt8, preview: _StepPreview) -> EventDisposition {
        // A support object, once made, is never replaced: the one the machine had before the event is passed on,
        // so that it is not read again after every call into user code. Without one, it is read where it is
        // needed (a hook may make one). The machine is idle, so `status` has no status bit set (the notifying bit
        // is set only while the busy bit is): it is the object's address, with `holdsMoreThanTransitionObserversBit`.
        let knownSupport: Unmanaged<MachineSupport<State, Event>>? =
            status == 0
            ? nil
            : Unmanaged.fromOpaque(
                UnsafeRawPointer(bitPattern: status & ~Self.holdsMoreThanTransitionObserversBit).unsafelyUnwrapped)
        // Whether the object, if any, holds only transition observers: then the event ends no effects and
        // nobody hears it ignored.
        let onlyTransitionObservers = status & Self.holdsMoreThanTransitionObserversBit == 0
        // A step that runs no user code — any but one in place — is taken before the machine marks itself busy,
        // and so is the decision of a definition that decides purely: an event it ignores that nobody hears
        // ends here.
        var machineStep = MachineStep.needsDecision
        var decided: TransitionDecision<State, Definition.Action>? = nil
        if !Definition._updatesStateInPlace {
            machineStep = step(event, lookupCell: lookupCell, preview: preview, knownSupport: knownSupport)
            if Self.decidesBeforeMarkingBusy, case .needsDecision = machineStep {
                decided = definition.decide(state: _state, event: event)
                if decided == nil, onlyTransitionObservers || !hearsIgnoredEvents { return .ignored }
            }
        }
        let lookupBeforeEvent = answeringLookup
        if Self.answersByLookup, status == 0 { answeringLookup = lookupBeforeEvent.askingVariant }
        supportAndStatus = status | Self.busyBit
        if Definition._updatesStateInPlace {
            machineStep = step(event, lookupCell: lookupCell, preview: preview, knownSupport: knownSupport)
        }
        let transitioned = perform(
            machineStep, decided: consume decided, on: event, knownSupport: knownSupport,
            onlyTransitionObservers: onlyTransitionObservers)
        finishEvent(lookupBeforeEvent: lookupBeforeEvent, knownSupport: knownSupport)
        return transitioned ? .transitioned : .ignored
    }

    /// Asks the definition what `event` does in the machine's state: the one place a step is chosen.
    ///
    /// A definition that `MachineDefinition._updatesStateInPlace` updates the state where it is stored, the
    /// state from before the event kept first when observers need it; a tabulated one answers by `lookupCell`, the
    /// cell its lookup gave for the event, when that tells; any other decides
    /// (``MachineDefinition/decide(state:event:)``).
    @_transparent @usableFromInline
    func step(
        _ event: Event, lookupCell: UInt8, preview: _StepPreview, knownSupport: Unmanaged<MachineSupport<State, Event>>?
    ) -> MachineStep {
        if Definition._updatesStateInPlace {
            var keptOldState = false
            if let support = knownSupport ?? unretainedSupport,
                support._withUnsafeGuaranteedRef({ $0.needsPreviousState })
            {
                definition._keepStateForObservers(&_state, in: &keptStateForObservers)
                keptOldState = true
            }
            guard let kind = definition._update(&_state, on: event, preview: preview, in: self) else { return .ignored }
            return .updatedInPlace(kind, keptOldState: keptOldState)
        }
        if Self.answersByLookup {
            let cell = lookupCell
            if cell < _TransitionLookup.observedBit {
                // A plain cell: the target, or the state's own byte for an ignored event.
                if Int(cell) == _TransitionLookup.byte(of: _state) { return .ignored }
                return .moved(toStateByte: cell, endsEffects: true)
            }
            if cell < _TransitionLookup.ignoredIfIdle {
                return .moved(toStateByte: cell & ~_TransitionLookup.observedBit, endsEffects: false)
            }
            if cell == _TransitionLookup.selfTransition {
                return .moved(
                    toStateByte: UInt8(truncatingIfNeeded: _TransitionLookup.byte(of: _state)), endsEffects: true)
            }
            if cell == _TransitionLookup.ignoredIfIdle || cell == _TransitionLookup.ignored { return .ignored }
        }
        // A transition that runs a hook, or a definition without a lookup: the definition decides where the step
        // is performed.
        return .needsDecision
    }

    /// Performs what the definition's step did with `event`, on the busy machine; `decided` is the decision a
    /// definition that ``decidesBeforeMarkingBusy`` made before (`nil`: ignored), unused for any other: the one place a change of
    /// state ends the old state's effects (``endEffects(in:)``), the hooks run and observers hear of
    /// the event (``notifyTransition(_:lending:on:lending:)``, ``notifyIgnored(_:_:in:)``).
    ///
    /// A change of state ends the effects of the state left (new epoch, tasks cancelled) before any hook of
    /// the transition runs, so work started from `willTransition` or an exit hook belongs to the state the
    /// event leads to (as work started on entry does) instead of being cancelled at once.
    ///
    /// - Returns: Whether the event caused a transition.
    @_transparent @usableFromInline
    func perform(
        _ step: MachineStep, decided: consuming TransitionDecision<State, Definition.Action>?, on event: Event,
        knownSupport: Unmanaged<MachineSupport<State, Event>>?, onlyTransitionObservers: Bool
    ) -> Bool {
        if case .ignored = step {
            if let support = knownSupport ?? unretainedSupport { notifyIgnored(support, event, in: _state) }
            return false
        }
        // Each arm below is guarded by what the definition's type fixes, so that a specialisation holds only the
        // arm its steps can reach.
        if Definition._updatesStateInPlace {
            guard case .updatedInPlace(let kind, let keptOldState) = step else {
                preconditionFailure("Internal inconsistency: a step in place that did not update in place")
            }
            // The step ran the chart's actions, which start no effect: the effects of the state left are those
            // of the support object the machine had before the event.
            if kind == .change, !onlyTransitionObservers { endEffects(in: knownSupport) }
            definition._didUpdate(kind, on: event, in: self)
            // Both states lent where they are stored: neither is copied whole per event.
            if keptOldState, let support = unretainedSupport {
                notifyTransition(support, lending: &keptStateForObservers!, on: event, lending: &_state)
            }
            return true
        }
        if Self.answersByLookup, case .moved(let stateByte, let endsEffects) = step {
            var oldState = _state
            if endsEffects { endEffects(in: knownSupport) }
            _state = _TransitionLookup.value(ofByte: stateByte, orOnly: oldState)
            if let support = knownSupport ?? unretainedSupport {
                notifyTransition(support, lending: &oldState, on: event, lending: &_state)
            }
            return true
        }
        guard case .needsDecision = step else {
            preconditionFailure("Internal inconsistency: a step the definition's type cannot take")
        }
        // A tabulated definition's lookup answers the common events: with a support object, its decisions are
        // out of line, so that the caller's loop does not hold the definition's whole logic. (Without one, this
        // is already the out-of-line copy: `performEventOutOfLine(_:lookupCell:)`.)
        if Self.answersByLookup, knownSupport != nil {
            return performDecisionOutOfLine(
                consume decided, on: event, knownSupport: knownSupport,
                onlyTransitionObservers: onlyTransitionObservers)
        }
        return performDecision(
            consume decided, on: event, knownSupport: knownSupport, onlyTransitionObservers: onlyTransitionObservers)
    }

    /// Performs the definition's decision on `event` (``MachineDefinition/decide(state:event:)``) — `decided`,
    /// when the definition ``decidesBeforeMarkingBusy``, else asked now: the old state's effects ended on a
    /// change, the hooks around the new state, observers notified.
    ///
    /// - Returns: Whether the event caused a transition.
    @_transparent @usableFromInline
    func performDecision(
        _ decided: consuming TransitionDecision<State, Definition.Action>?, on event: Event,
        knownSupport: Unmanaged<MachineSupport<State, Event>>?, onlyTransitionObservers: Bool
    ) -> Bool {
        let decision: TransitionDecision<State, Definition.Action>?
        if Self.decidesBeforeMarkingBusy {
            decision = consume decided
        } else {
            decision = definition.decide(state: _state, event: event)
        }
        guard let decision else {
            if let support = knownSupport ?? unretainedSupport { notifyIgnored(support, event, in: _state) }
            return false
        }
        var oldState = _state
        // A decision made before the machine was busy ran no code that could have started effects since the
        // event began.
        if decision.kind == .change, !(Self.decidesBeforeMarkingBusy && onlyTransitionObservers) {
            endEffects(in: knownSupport ?? unretainedSupport)
        }
        definition.willTransition(from: oldState, on: event, decision: decision, in: self)
        _state = decision.target
        definition.didTransition(from: oldState, on: event, decision: decision, in: self)
        if let support = knownSupport ?? unretainedSupport {
            notifyTransition(support, lending: &oldState, on: event, lending: &_state)
        }
        return true
    }

    /// `performDecision(_:on:knownSupport:onlyTransitionObservers:)`, out of line.
    @inlinable @inline(never)
    func performDecisionOutOfLine(
        _ decided: consuming TransitionDecision<State, Definition.Action>?, on event: Event,
        knownSupport: Unmanaged<MachineSupport<State, Event>>?, onlyTransitionObservers: Bool
    ) -> Bool {
        performDecision(
            consume decided, on: event, knownSupport: knownSupport, onlyTransitionObservers: onlyTransitionObservers)
    }

    /// Ends the effects of the state the machine leaves (``EffectScope/leaveState()``), kept in `support`, the
    /// machine's support object: nothing to end without one, or if the machine never used any.
    @inlinable @inline(__always)
    func endEffects(in support: Unmanaged<MachineSupport<State, Event>>?) {
        if let support { support._withUnsafeGuaranteedRef { $0.effects?.leaveState() } }
    }

    /// The end of every event: the events queued meanwhile handled (``drainQueue()``), the machine idle again,
    /// and a tabulated machine that had no support object before the event back to what it may answer by
    /// (``answeringLookup``) — `lookupBeforeEvent` without one still, else the ``MachineSupport/observedLookup``
    /// of the object made during the event. A machine that had one answers by its lookup throughout (see
    /// ``makeSupport()``).
    @_transparent @usableFromInline
    func finishEvent(lookupBeforeEvent: _TransitionLookup, knownSupport: Unmanaged<MachineSupport<State, Event>>?) {
        // Most events of a machine without a support object end without one: one comparison tells.
        if knownSupport == nil, supportAndStatus == Self.busyBit {
            supportAndStatus = 0
            if Self.answersByLookup { answeringLookup = lookupBeforeEvent }
            return
        }
        // Queued events imply a support object; testing it first lets the optimizer fold this test into the
        // support checks before it.
        if knownSupport ?? unretainedSupport != nil, hasDeferredWork { drainQueue() }
        isHandling = false
        guard Self.answersByLookup, knownSupport == nil else { return }
        if let support = unretainedSupport {
            answeringLookup = support._withUnsafeGuaranteedRef { $0.observedLookup }
        } else {
            answeringLookup = lookupBeforeEvent
        }
    }

    /// Does the work deferred to the end of an event (`hasDeferredWork`): applies the observer changes
    /// made while the machine was notifying, then steps and performs queued events in FIFO order until none
    /// is left, applying after each the changes made while it was notified. A loop, not recursion. Called busy.
    @usableFromInline
    func drainQueue() {
        guard let support else { return }
        while true {
            // Done notifying of the event before: changes from now on are immediate until the next notification.
            supportAndStatus &= ~Self.notifyingBit
            support.applyDeferredObserverChanges()
            guard let next = support.queue.dequeue() else { break }
            // The plain lookup answers a queued event's transition that runs no hook.
            let cell = Self.answersByLookup ? plainLookup.cell(_state, next) : _TransitionLookup.askTheDefinition
            let known = Unmanaged.passUnretained(support)
            let queuedStep = step(next, lookupCell: cell, preview: .unknown, knownSupport: known)
            var decided: TransitionDecision<State, Definition.Action>? = nil
            if Self.decidesBeforeMarkingBusy, case .needsDecision = queuedStep {
                decided = definition.decide(state: _state, event: next)
            }
            _ = perform(
                queuedStep, decided: consume decided, on: next, knownSupport: known,
                onlyTransitionObservers: supportAndStatus & Self.holdsMoreThanTransitionObserversBit == 0)
        }
        hasDeferredWork = false
    }

    /// Whether an ignored-event observer is attached (``addIgnoredEventObserver(_:)``).
    @inlinable var hearsIgnoredEvents: Bool {
        guard let support = unretainedSupport else { return false }
        return support._withUnsafeGuaranteedRef { $0.ignoredEventObservers.callList.baseAddress } != nil
    }

    /// Whether the machine may answer events by ``answeringLookup``: its definition's type may have a
    /// ``MachineDefinition/_transitionLookup`` and its states and events are at most a byte each. Known at
    /// compile time, so every lookup check folds away when it is `false`.
    @inlinable static var answersByLookup: Bool {
        Definition._mayHaveTransitionLookup && MemoryLayout<State>.size <= 1 && MemoryLayout<Event>.size <= 1
    }

    /// Whether the machine may ask its definition's ``MachineDefinition/decide(state:event:)`` before marking
    /// itself busy: the definition decides on a copy of the state and runs no user code that could reach the
    /// machine meanwhile (``MachineDefinition/_decidesPurely``). Known at compile time.
    @inlinable static var decidesBeforeMarkingBusy: Bool {
        !Definition._updatesStateInPlace && Definition._decidesPurely
    }

    /// What an idle machine without a support object answers by: its definition's lookup, or
    /// `_TransitionLookup.askingWithoutSupport` when it has none.
    @usableFromInline var plainLookup: _TransitionLookup {
        definition._transitionLookup ?? .askingWithoutSupport
    }
}
