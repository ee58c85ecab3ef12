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

    // The hot path reads and writes these on every event. `isHandling` and `support` are never passed
    // `inout` across a call into user code. `_state` is, once: `processInPlace` passes it `inout` to the
    // definition's `_update`, which runs a chart's guards and actions; those can read `machine.state`
    // but not write it (no public setter) nor start another step (their events are queued), so no
    // access overlaps that one. The dynamic exclusivity checks the compiler would otherwise emit (a
    // runtime call per access) would buy nothing: `unchecked`.
    @exclusivity(unchecked) @usableFromInline var _state: State
    // Whether the end of the event being handled has work to do: the support object's queue holds events
    // (set by `enqueue`) or an observer was added or removed while the machine was notifying (set by
    // `StateMachine+Observers.swift`; the change waits in its list). Cleared by `drainQueue`. One byte for the
    // end of each event to test, instead of the support object, its queue's buffer and the lists' flags.
    @exclusivity(unchecked) @usableFromInline var hasDeferredWork = false
    // One word for what `handle` checks when it cannot answer by `answeringLookup`, so that it checks one
    // word: the support object (observers, queue, effects), created by `makeSupport()` on first need and
    // never replaced or released before the machine is — the object's address, retained by the machine and
    // released in `deinit` — with `busyBit` set while the machine handles an event (`isHandling`), and
    // `notifyingBit` (`StateMachine+Notifications.swift`) too while it notifies observers of that event, and
    // `moreThanObserversBit` once the object holds more than transition observers (machines that
    // `hasObserversOnlyPath` only); without a support object, 0, or `busyBit` while the machine handles an
    // event. So 0 means: idle, no support object. Written by `makeSupport()`, `isHandling`'s setter,
    // `supportHoldsMoreThanTransitionObservers(_:)` and the paths that set the busy bit on a word they know.
    @exclusivity(unchecked) @usableFromInline var supportWord: UInt = 0
    // For a machine that `answersByLookup`, the lookup `handle` reads first, without testing anything
    // else — one word more, so that a machine with a small state is a 48-byte object:
    // - its definition's `_transitionLookup` (plain) while the machine is idle and has no support object:
    //   the event then changes the state or is ignored, and nothing else happens;
    // - its support object's `observedLookup` (the observed variant, or the asking lookup when the object
    //   holds more than transition observers) while it has one and has not put it away: an observed cell is
    //   valid only while the machine is idle, which that path tests;
    // - an asking lookup otherwise: while the machine handles an event without a support object (its
    //   hooks may send events, which must be queued, never answered by the plain lookup), from the moment a
    //   support object is made until the end of the next event the lookup does not answer, or when the
    //   definition has no lookup.
    // Written by `init`, `makeSupport()`, `addObserver(_:)`, `performPuttingAwayLookup(_:on:)` and
    // `processIdle(_:)`. Never read by other machines: it stays `_TransitionLookup.askingTheDefinition`.
    @exclusivity(unchecked) @usableFromInline var answeringLookup: _TransitionLookup

    /// The bit of `supportWord` set while the machine handles an event.
    @inlinable static var busyBit: UInt { 2 }

    /// The bits of `supportWord` that say what the machine is doing: the busy bit and ``notifyingBit``,
    /// both cleared when it is done with an event.
    @inlinable static var flagBits: UInt { busyBit | notifyingBit }

    /// The bit of `supportWord` set once the support object holds more than transition observers (see
    /// ``supportHoldsMoreThanTransitionObservers(_:)``), for a machine that ``hasObserversOnlyPath``: while it
    /// is clear, an idle machine's observed transition takes ``processWithObserversOnly(_:idleWord:)``.
    /// Set for good, kept when the other flags are cleared; never set for other machines.
    @inlinable static var moreThanObserversBit: UInt { 1 }

    /// The bits of `supportWord` that are not the support object's address: ``flagBits`` and
    /// ``moreThanObserversBit``.
    @inlinable static var tagBits: UInt { flagBits | moreThanObserversBit }

    /// Whether the machine is handling an event: events sent meanwhile are queued. Clearing it clears
    /// ``notifyingBit`` too.
    @inlinable var isHandling: Bool {
        @inline(__always) get { supportWord & Self.busyBit != 0 }
        @inline(__always) set { supportWord = newValue ? supportWord | Self.busyBit : supportWord & ~Self.flagBits }
    }

    /// The support object, if any.
    @inlinable var support: MachineSupport<State, Event>? {
        guard let address = UnsafeRawPointer(bitPattern: supportWord & ~Self.tagBits) else { return nil }
        return Unmanaged<MachineSupport<State, Event>>.fromOpaque(address).takeUnretainedValue()
    }

    /// The support object, if any, for use without retaining it, while the machine handles an event.
    ///
    /// Safe: the machine holds its support object strongly, never replaces or releases it once created,
    /// and is itself alive for the whole of any call made on it, so the object outlives every use made
    /// through this reference within that call. It spares the hot path a retain and a release of the
    /// support object around every notification, which the compiler must otherwise emit because an
    /// observer could (as far as it can tell) reassign it.
    @inlinable var unretainedSupport: Unmanaged<MachineSupport<State, Event>>? {
        guard let address = UnsafeRawPointer(bitPattern: supportWord & ~Self.tagBits) else { return nil }
        return Unmanaged.fromOpaque(address)
    }

    /// The support object of an idle machine whose word, `word`, is not 0 and has no
    /// ``moreThanObserversBit``: the object's address itself, without a flag (the notifying bit is never set
    /// without the busy bit).
    @inlinable @inline(__always)
    func idleSupport(_ word: UInt) -> Unmanaged<MachineSupport<State, Event>> {
        assert(word & Self.tagBits == 0 && word != 0, "Internal inconsistency: not an idle support word")
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
    }

    /// The current state.
    @inlinable public var state: State { _state }

    /// Creates a machine in the definition's initial state, bound to `subject`.
    ///
    /// The definition's ``MachineDefinition/didStart(in:)`` runs before the initializer returns, and any
    /// event it sends is handled before the initializer returns too.
    public init(definition: Definition, subject: Subject) {
        self.definition = definition
        self.subject = subject
        self._state = definition.initialState
        self.answeringLookup = .askingTheDefinition
        isHandling = true
        definition.didStart(in: self)
        drainQueue()
        isHandling = false
        bringBackAnsweringLookup()
        definition._machineDidInitialize(self)
    }

    /// Creates a machine in `restoredState`, bound to `subject`, without starting it: no hook runs
    /// (``MachineDefinition/didStart(in:)`` included). Restoring from a snapshot
    /// (`StateMachine+Snapshots.swift`) resumes what the state needs afterwards.
    init(definition: Definition, subject: Subject, restoredState: State) {
        self.definition = definition
        self.subject = subject
        self._state = restoredState
        self.answeringLookup = .askingTheDefinition
        bringBackAnsweringLookup()
        definition._machineDidInitialize(self)
    }

    /// Handles `event` and tells whether the machine transitioned.
    ///
    /// - Returns: `true` when the event caused a transition (a change of state or an update in place,
    ///   settled or not); `false` when it was ignored in the current state, or queued because the machine
    ///   was busy with another event (see ``send(_:)`` for the distinction).
    @inlinable @inline(__always) @discardableResult
    public func handle(_ event: Event) -> Bool {
        // A definition with a lane reads what it precomputed (``MachineDefinition/_handleByLane(_:in:)``).
        if Definition._hasLane { return definition._handleByLane(event, in: self) }
        // A tabulated definition answers most events by a lookup, without the machine marking itself busy or
        // testing anything first. Folds away for definitions without a lookup and for types larger than a byte.
        if Self.answersByLookup {
            let oldState = _state
            let cell = answeringLookup.cell(oldState, event)
            if cell < _TransitionLookup.observedBit {
                // An ignored event's cell is the state itself: stored back, without a test.
                _state = _TransitionLookup.value(ofByte: cell, orOnly: oldState)
                return Int(cell) != _TransitionLookup.byte(of: oldState)
            }
            if let answer = answerOtherwise(cell, event) { return answer }
            return handleUnanswered(event)
        }
        // Other definitions that decide purely check the word for 0 first: idle, without a support object;
        // then for an idle support object that holds nothing but transition observers.
        if Self.hasObserversOnlyPath {
            let word = supportWord
            if word == 0 { return processWithoutSupport(event) }
            if _fastPath(word & (Self.busyBit | Self.moreThanObserversBit) == 0) {
                return processWithObserversOnly(event, idleWord: word)
            }
        }
        // Rare (an event sent from user code while the machine handles one), but not marked `_slowPath`: without
        // the hint the observed state type's loop is laid out about 2 instructions cheaper per event
        // (`Core.stateType+observer` in `Benchmarks/Scripts/instructions-per-event.sh`).
        if isHandling {
            enqueue(event)
            return false
        }
        if Self.decidesBeforeMarkingBusy, supportWord == 0 { return processWithoutSupport(event) }
        if !Self.answersByLookup, Self.decidesBeforeMarkingBusy { return processDecidingFirst(event) }
        return processAndDrain(event)
    }

    /// The rest of ``handle(_:)`` for a machine that ``answersByLookup``: an event that ``answeringLookup``
    /// did not answer, or sent while the machine is busy. Out of line, so that the caller's loop holds only
    /// the lookup's paths (and, for a definition without a lookup, the decision made before marking the
    /// machine busy), whose registers the general path no longer forces to spill.
    @inlinable @inline(never)
    func handleUnanswered(_ event: Event) -> Bool {
        if isHandling {
            enqueue(event)
            return false
        }
        return processIdle(event)
    }

    /// ``handle(_:)`` for a definition that ``MachineDefinition/_hasLane``: an idle machine without a support object
    /// takes a copy of the lane of its own, where every test of the support object folds away; an idle one with an
    /// object another; an event the lane does not take, or sent while the machine is busy, goes out of line.
    @inlinable @inline(__always)
    public func _handleByLane(_ event: Event) -> Bool {
        let word = supportWord
        if word == 0 {
            if let transitioned = answerByLane(event, idleWord: 0) { return transitioned }
            return processOffLane(event)
        }
        if word & Self.busyBit != 0 {
            enqueue(event)
            return false
        }
        if let transitioned = answerByLane(event, idleWord: word) { return transitioned }
        return processOffLane(event)
    }

    /// What the lane of a definition that ``MachineDefinition/_hasLane`` answers for `event` on the idle machine
    /// whose word is `idleWord` (``MachineDefinition/_answerByLane(_:in:idleWord:)``): whether the event caused a
    /// transition, once the step the lane starts is done (``processByLane(_:hint:idleWord:)``); `false` at once for
    /// an event the lane finds ignored that no ignored-event observer hears; `nil` when the machine takes its
    /// general path. Held by the definition, so that the machines of definitions without a lane inline none of it.
    @inlinable @inline(__always)
    func answerByLane(_ event: Event, idleWord: UInt) -> Bool? {
        definition._answerByLane(event, in: self, idleWord: idleWord)
    }

    /// ``answerByLane(_:idleWord:)`` once the definition's lane found `event`'s plan at `hint`: the step its lane
    /// takes (``MachineDefinition/_takeLaneStep(_:planIndex:in:idleWord:)``), or else — observers need the state
    /// from before the event — the observed step, inline (the observers' calls are most of its cost). Kept here,
    /// behind the requirement, on purpose: with the chart's lane calling `processObserved` itself, the optimiser
    /// no longer inlined the observers' calls and the kept state (`Chart.flat+observer` 129 → 198 instructions).
    @inlinable @inline(__always)
    func processByLane(_ event: Event, hint: _StepHint, idleWord: UInt) -> Bool {
        if let transitioned = definition._takeLaneStep(event, planIndex: hint.rawValue, in: self, idleWord: idleWord) {
            return transitioned
        }
        return processObserved(event, hint: hint, idleWord: idleWord)
    }

    /// The rest of ``handle(_:)`` for a definition that ``MachineDefinition/_hasLane``, on an idle machine: an
    /// event its lane did not take. Out of line, so that the caller's loop holds only the lane.
    @inlinable @inline(never)
    func processOffLane(_ event: Event) -> Bool {
        processAndDrain(event)
    }

    /// Handles `event` on an idle machine that ``answersByLookup`` by the general path, then brings back
    /// the lookup it may answer by.
    ///
    /// - Returns: Whether `event` caused a transition.
    @inlinable @inline(__always)
    func processIdle(_ event: Event) -> Bool {
        if supportWord == 0 {
            if Self.decidesBeforeMarkingBusy { return processWithoutSupport(event) }
            // Put away while the definition runs user code, as `processWithoutSupport(_:)` does.
            let lookup = answeringLookup
            answeringLookup = lookup.askingVariant
            let transitioned = processAndDrain(event)
            answeringLookup =
                supportWord == 0 ? lookup : idleSupport(supportWord)._withUnsafeGuaranteedRef { $0.observedLookup }
            return transitioned
        }
        let transitioned = processAndDrain(event)
        // After `makeSupport()` put it away, or an observer changed what the object holds.
        answeringLookup = idleSupport(supportWord)._withUnsafeGuaranteedRef { $0.observedLookup }
        return transitioned
    }

    /// Sends `event` to the machine and tells what became of it.
    ///
    /// Called while the machine is handling another event — from a hook, a transition block or an
    /// observer — the event is queued and handled after the current one, and the result is
    /// ``EventOutcome/queued``. Otherwise the event is handled now, followed by every event queued
    /// meanwhile, before this call returns.
    @inlinable @discardableResult
    public func send(_ event: Event) -> EventOutcome {
        if Self.answersByLookup {
            let oldState = _state
            let cell = answeringLookup.cell(oldState, event)
            if cell < _TransitionLookup.observedBit {
                _state = _TransitionLookup.value(ofByte: cell, orOnly: oldState)
                return Int(cell) != _TransitionLookup.byte(of: oldState) ? .transitioned : .ignored
            }
            if let answer = answerOtherwise(cell, event) { return answer ? .transitioned : .ignored }
            if isHandling {
                enqueue(event)
                return .queued
            }
            return processIdle(event) ? outcomeOfTransition() : .ignored
        }
        if Self.decidesBeforeMarkingBusy, supportWord == 0 {
            return processWithoutSupport(event) ? outcomeOfTransition() : .ignored
        }
        // The lane, as in `handle(_:)`.
        if Definition._hasLane, supportWord & Self.busyBit == 0,
            let transitioned = answerByLane(event, idleWord: supportWord)
        {
            return transitioned ? outcomeOfTransition() : .ignored
        }
        if isHandling {
            enqueue(event)
            return .queued
        }
        var hint = _StepHint.unknown
        if Definition._updatesStateInPlace {
            hint = definition._stepHint(for: event, in: self)
            if hint == .ignored, !hearsIgnoredEvents { return .ignored }
        }
        isHandling = true
        let outcome = process(event, hint: hint) ? outcomeOfTransition() : .ignored
        // Queued events imply a support object; testing it first lets the optimizer fold this test into the
        // support checks before it (testing the byte alone cost `Core.stateType` 4 instructions per event).
        if unretainedSupport != nil, hasDeferredWork { drainQueue() }
        isHandling = false
        return outcome
    }

    /// Whether the machine may answer events by ``answeringLookup``: its definition's type may have a
    /// ``MachineDefinition/_transitionLookup`` and its states and events are at most a byte each. Known at
    /// compile time, so every lookup check folds away when it is `false`.
    @inlinable static var answersByLookup: Bool {
        Definition._mayHaveTransitionLookup && MemoryLayout<State>.size <= 1 && MemoryLayout<Event>.size <= 1
    }

    /// Gives ``answeringLookup`` what an idle machine may answer by: without a support object, the
    /// definition's lookup, or `_TransitionLookup.askingWithoutSupport` when it has none; with one, the
    /// object's ``MachineSupport/observedLookup``.
    func bringBackAnsweringLookup() {
        guard Self.answersByLookup else { return }
        if let support {
            answeringLookup = support.observedLookup
        } else {
            answeringLookup = definition._transitionLookup ?? .askingWithoutSupport
        }
    }

    /// What ``answeringLookup``'s `cell` for `event`, when it is not a state's byte, answers: an observed
    /// transition (``answerObserved(_:_:)``), an observed ignored event, a self-transition or an ignored
    /// event of the plain lookup. An observed cell is answered only while the machine is idle.
    ///
    /// - Returns: Whether `event` caused a transition, or `nil` when it needs the general path.
    @inlinable @inline(__always)
    func answerOtherwise(_ cell: UInt8, _ event: Event) -> Bool? {
        // The observed cells first, then a definition without a lookup (`.onEveryEvent`) on a machine without a
        // support object, which decides before marking the machine busy, inline: one comparison for both.
        // The codes above are tested as a range, not one by one (a switch whose lowering tested them first).
        let withoutSupport = _TransitionLookup.askTheDefinitionWithoutSupport
        if cell < withoutSupport { return answerObserved(cell, event) }
        if cell > _TransitionLookup.askTheDefinition { return cell == _TransitionLookup.selfTransition }
        if cell == withoutSupport { return Self.decidesBeforeMarkingBusy ? processWithoutSupport(event) : nil }
        return nil
    }

    /// Handles `event` on an idle machine with a support object that holds nothing but transition observers
    /// (and the queue) when its ``answeringLookup``, the support object's observed lookup, answered `cell`, a
    /// target with ``_TransitionLookup/observedBit``: the state changes and the observers hear of it, busy,
    /// as ``performWithoutHooks(_:on:)`` would do it. A machine that is handling an event leaves it to the
    /// general path, which queues it.
    ///
    /// - Returns: Whether `event` caused a transition, or `nil` when it needs the general path.
    @inlinable @inline(__always)
    func answerObserved(_ cell: UInt8, _ event: Event) -> Bool? {
        let word = supportWord
        guard word & Self.busyBit == 0 else { return nil }
        if cell == _TransitionLookup.ignoredIfIdle { return false }
        let support = idleSupport(word)
        // Busy and notifying in one store: nothing runs before the observers. The idle word is the object's
        // address, without a flag: an addition (one `lea`) sets them.
        supportWord = word &+ Self.flagBits
        var oldState = _state
        var event = event
        _state = _TransitionLookup.value(ofByte: cell & ~_TransitionLookup.observedBit, orOnly: _state)
        callObservers(support, lending: &oldState, lending: &event, lending: &_state)
        if hasDeferredWork { drainQueue() }
        isHandling = false
        return true
    }

    /// Handles `event`, then every event queued meanwhile, on a machine that is not handling one.
    ///
    /// - Returns: Whether `event` caused a transition.
    @inlinable @inline(__always)
    func processAndDrain(_ event: Event) -> Bool {
        var hint = _StepHint.unknown
        if Definition._updatesStateInPlace {
            hint = definition._stepHint(for: event, in: self)
            if hint == .ignored, !hearsIgnoredEvents { return false }
        }
        return processAndDrain(event, hint: hint, idleWord: supportWord)
    }

    /// ``processAndDrain(_:)`` once the hint for `event` is known; `idleWord` is the machine's word, read while
    /// it is idle. The way a definition's lane (``MachineDefinition/_answerByLane(_:in:idleWord:)``) takes an event.
    ///
    /// - Returns: Whether `event` caused a transition.
    @inlinable @inline(__always)
    func processAndDrain(_ event: Event, hint: _StepHint, idleWord: UInt) -> Bool {
        isHandling = true
        let transitioned = process(event, hint: hint)
        if Definition._updatesStateInPlace, idleWord != 0 {
            // A chart machine with a support object restores the word it read: the object, once made, is never
            // replaced, so the word need not be read again after the observers' calls (about 15 instructions
            // per observed chart event).
            if hasDeferredWork { drainQueue() }
            supportWord = idleWord
        } else {
            if unretainedSupport != nil, hasDeferredWork { drainQueue() } // see `send(_:)`
            isHandling = false
        }
        return transitioned
    }

    /// Whether an ignored-event observer is attached (``addIgnoredEventObserver(_:)``).
    @inlinable var hearsIgnoredEvents: Bool {
        guard let support = unretainedSupport else { return false }
        return support._withUnsafeGuaranteedRef { $0.ignoredEventObservers.callList.baseAddress } != nil
    }

    /// Whether ``handle(_:)`` takes ``processWithObserversOnly(_:idleWord:)`` while the support object holds
    /// nothing but transition observers, and so whether the machine keeps ``moreThanObserversBit``: a
    /// definition that ``decidesBeforeMarkingBusy`` and does not answer by a lookup (which has its observed
    /// lookup for that). Known at compile time.
    @inlinable static var hasObserversOnlyPath: Bool { !answersByLookup && decidesBeforeMarkingBusy }

    /// Records that `support`, the machine's support object, now holds more than transition observers (of which
    /// `didTransition` is one) — an ignored-event observer or effects — so that no event is answered as if it held
    /// only them: clears its ``MachineSupport/observedLookup`` for good and, for a machine that
    /// ``hasObserversOnlyPath``, sets ``moreThanObserversBit``. Called wherever one of those is set or added.
    @usableFromInline
    func supportHoldsMoreThanTransitionObservers(_ support: MachineSupport<State, Event>) {
        support.observedLookup = .askingTheDefinition
        if Self.hasObserversOnlyPath { supportWord |= Self.moreThanObserversBit }
    }

    /// Handles `event` on an idle machine whose support object holds nothing but transition observers (and
    /// the queue), for a definition that ``hasObserversOnlyPath``; `idleWord` is the machine's word, the
    /// object's address without a tag. As ``processDecidingFirst(_:)`` with what cannot be there left out:
    /// an ignored event is heard by nobody, a change of state has no effects to end, and after the
    /// transition's hooks the observers are called directly — unless a hook started an effect or added an
    /// ignored-event observer (``moreThanObserversBit``), when the general notification runs. When the hooks
    /// are empty and inlined, the bit's test folds away and the flags are stored once.
    ///
    /// - Returns: Whether `event` caused a transition.
    @inlinable @inline(__always)
    func processWithObserversOnly(_ event: Event, idleWord: UInt) -> Bool {
        guard let decision = definition.decide(state: _state, event: event) else { return false }
        let support = idleSupport(idleWord)
        supportWord = idleWord | Self.busyBit
        definition.willTransition(from: _state, on: event, decision: decision, in: self)
        var oldState = _state
        _state = decision.target
        definition.didTransition(from: oldState, on: event, decision: decision, in: self)
        let busyWord = supportWord
        if busyWord & Self.moreThanObserversBit == 0 {
            supportWord = busyWord | Self.notifyingBit
            var newState = _state
            var event = event
            callObservers(support, lending: &oldState, lending: &event, lending: &newState)
        } else {
            notifyTransitionOutOfLine(support, lending: &oldState, on: event)
        }
        if hasDeferredWork { drainQueue() }
        isHandling = false
        return true
    }

    /// ``notifyTransition(_:lending:on:lending:)`` with the new state lent from where it is stored, out of line:
    /// for ``processWithObserversOnly(_:idleWord:)`` when a hook of the transition made the support object
    /// hold more than transition observers, a rare path that the caller's loop then does not hold.
    @inlinable @inline(never)
    func notifyTransitionOutOfLine(
        _ support: Unmanaged<MachineSupport<State, Event>>, lending oldState: inout State, on event: Event
    ) {
        notifyTransition(support, lending: &oldState, on: event, lending: &_state)
    }

    /// Whether the machine may ask its definition's ``MachineDefinition/decide(state:event:)`` before
    /// marking itself busy: the definition decides on a copy of the state (it does not update it in place)
    /// and its decisions run no user code that could reach the machine
    /// (``MachineDefinition/_decidesPurely``). Known at compile time.
    @inlinable static var decidesBeforeMarkingBusy: Bool {
        !Definition._updatesStateInPlace && Definition._decidesPurely
    }

    /// ``processAndDrain(_:)`` on a machine without a support object (no observer, no `didTransition`, no
    /// effect, no queued event), for a definition that ``decidesBeforeMarkingBusy``. The pure decision
    /// comes first; an ignored event is then heard by nobody, and the machine marks itself busy only for the
    /// transition's hooks. When the hooks do nothing and are inlined, the optimizer drops the busy flag's
    /// stores and the support checks: what is left is the decision and the new state.
    ///
    /// - Returns: Whether `event` caused a transition.
    @inlinable @inline(__always)
    func processWithoutSupport(_ event: Event) -> Bool {
        guard let decision = definition.decide(state: _state, event: event) else { return false }
        // `isHandling = true` on the word known to be 0: a pure decision changed nothing.
        supportWord = Self.busyBit
        if Self.answersByLookup { return performPuttingAwayLookup(consume decision, on: event) }
        _ = perform(consume decision, on: event)
        if unretainedSupport != nil, hasDeferredWork { drainQueue() } // see `send(_:)`
        isHandling = false
        return true
    }

    /// The rest of ``processWithoutSupport(_:)`` for a machine that ``answersByLookup``, marked busy: the
    /// plain lookup, if out, is put away while the hooks run (events they send must be queued, not answered
    /// by it) — its prefix, by one subtraction. When they make no support object, nothing else writes the
    /// word, so it is brought back by one addition; when they make none and run no user code, the optimizer
    /// drops both.
    ///
    /// - Returns: `true`.
    @inlinable @inline(__always)
    func performPuttingAwayLookup(
        _ decision: consuming TransitionDecision<State, Definition.Action>, on event: Event
    ) -> Bool {
        answeringLookup = answeringLookup.askingVariant
        _ = perform(consume decision, on: event)
        if let support = unretainedSupport {
            if hasDeferredWork { drainQueue() }
            answeringLookup = support._withUnsafeGuaranteedRef { $0.observedLookup }
        } else {
            answeringLookup = answeringLookup.prefixedVariant
        }
        isHandling = false
        return true
    }

    /// ``processWithoutSupport(_:)`` on an idle machine that has a support object, for a definition that
    /// ``decidesBeforeMarkingBusy`` and has no lookup: the pure decision comes first, and the machine marks
    /// itself busy for the transition (its hooks and observers) or for the ignored-event observers, if any.
    ///
    /// - Returns: Whether `event` caused a transition.
    @inlinable @inline(__always)
    func processDecidingFirst(_ event: Event) -> Bool {
        guard let decision = definition.decide(state: _state, event: event) else {
            guard let support = unretainedSupport,
                support._withUnsafeGuaranteedRef({ $0.ignoredEventObservers.callList.baseAddress }) != nil
            else { return false }
            isHandling = true
            _ = ignore(event)
            if hasDeferredWork { drainQueue() }
            isHandling = false
            return false
        }
        isHandling = true
        _ = perform(consume decision, on: event)
        if _slowPath(hasDeferredWork) { drainQueue() }
        isHandling = false
        return true
    }

    /// Handles one event: decide, perform, notify.
    ///
    /// - Returns: Whether the event caused a transition: a plain `Bool`, so that callers that only need
    ///   that (``handle(_:)``) build no ``EventOutcome``, whose destruction the compiler does not always
    ///   see through (it can carry a ``ChartLoopError``).
    ///
    /// - Parameter hint: For a definition that ``MachineDefinition/_updatesStateInPlace``, what
    ///   ``MachineDefinition/_stepHint(for:in:)`` said of `event` before the machine marked itself busy.
    @inlinable @inline(__always)
    func process(_ event: Event, hint: _StepHint = .unknown) -> Bool {
        if Definition._updatesStateInPlace { return processInPlace(event, hint: hint) }
        // A definition that can answer by a lookup (a tabulated one) answers there, for transitions that
        // run no hook: the shell then changes the state without calling into the definition.
        if MemoryLayout<State>.size <= 1, MemoryLayout<Event>.size <= 1, let lookup = definition._transitionLookup {
            let cell = lookup.cell(_state, event)
            if cell < _TransitionLookup.observedBit {
                // The plain lookup's ignored event is the state's own byte.
                if Int(cell) == _TransitionLookup.byte(of: _state) { return ignore(event) }
                return performWithoutHooks(_TransitionLookup.value(ofByte: cell, orOnly: _state), on: event)
            }
            if cell == _TransitionLookup.selfTransition { return performWithoutHooks(_state, on: event) }
            if cell == _TransitionLookup.ignored { return ignore(event) }
        }
        guard let decision = definition.decide(state: _state, event: event) else { return ignore(event) }
        return perform(consume decision, on: event)
    }

    /// Performs a decision: the transition's hooks, the change of state, the observers.
    ///
    /// - Returns: `true`, for ``process(_:)`` to return.
    @inlinable @inline(__always)
    func perform(_ decision: consuming TransitionDecision<State, Definition.Action>, on event: Event) -> Bool {
        // A change of state ends the effects of the state left (new epoch, tasks cancelled) before any hook
        // of the transition runs, so work started from `willTransition` or an exit hook belongs to the state
        // the event leads to (as work started on entry does) instead of being cancelled at once. Machines
        // that never used effects pay one `nil` check.
        if decision.kind == .change, let support = unretainedSupport {
            support._withUnsafeGuaranteedRef { $0.effects?.leaveState() }
        }
        definition.willTransition(from: _state, on: event, decision: decision, in: self)
        let oldState = _state
        _state = decision.target
        definition.didTransition(from: oldState, on: event, decision: decision, in: self)
        if let support = unretainedSupport {
            notifyTransition(support, from: oldState, on: event, to: _state)
        }
        return true
    }

    /// Performs a change of state to `target` that runs no hook (see
    /// ``MachineDefinition/_transitionLookup``): the effects of the state left end, the state
    /// changes, the observers hear of it.
    ///
    /// - Returns: `true`, for ``process(_:)`` to return.
    @inlinable @inline(__always)
    func performWithoutHooks(_ target: State, on event: Event) -> Bool {
        if let support = unretainedSupport {
            support._withUnsafeGuaranteedRef { $0.effects?.leaveState() }
        }
        let oldState = _state
        _state = target
        if let support = unretainedSupport {
            notifyTransition(support, from: oldState, on: event, to: _state)
        }
        return true
    }

    /// Tells the ignored-event observers, if any, that `event` was ignored.
    ///
    /// - Returns: `false`, for ``process(_:)`` to return.
    @inlinable func ignore(_ event: Event) -> Bool {
        if let support = unretainedSupport {
            notifyIgnored(support, event, in: _state)
        }
        return false
    }

    /// `.transitioned`, or `.unsettled` when the definition reports that the step stopped at its bound.
    @inlinable func outcomeOfTransition() -> EventOutcome {
        guard let loop = definition._loopError(in: _state) else { return .transitioned }
        return .unsettled(loop)
    }

    /// Handles one event for a definition that `_updatesStateInPlace`: update in
    /// place, perform, notify — observed or not, the state is stepped where it is stored.
    ///
    /// `_state` is passed `inout` to `_update(_:on:)`, which runs user code (a chart's
    /// guards and actions). That code may read `machine.state` — it sees the step in progress — but
    /// cannot write it (`_state` has no public setter) or start another step (events sent meanwhile
    /// are queued), so no access overlaps the `inout` one.
    @inlinable @inline(__always)
    func processInPlace(_ event: Event, hint: _StepHint) -> Bool {
        // A hint other than `unknown` says that `_willHandle` has nothing to do (see `_stepHint(for:in:)`).
        if hint == .unknown { definition._willHandle(event, in: self) }
        if let support = unretainedSupport, support._withUnsafeGuaranteedRef({ $0.needsPreviousState }) {
            return processInPlaceObserved(event, hint: hint, support: support)
        }
        guard let kind = definition._update(&_state, on: event, hint: hint, in: self) else { return ignore(event) }
        if kind == .change, let support = unretainedSupport {
            support._withUnsafeGuaranteedRef { $0.effects?.leaveState() }
        }
        definition._didUpdate(kind, on: event, in: self)
        return true
    }

    /// ``processInPlace(_:hint:)`` while `didTransition` or an observer needs the state from before the event:
    /// the same step, with the definition keeping `_stateForObservers(_:)` of the old state for them in the
    /// support object's reused slot (``MachineDefinition/_keepStateForObservers(_:in:)``). Both states are
    /// lent to the observers where they are stored: neither is copied whole nor destroyed per event.
    ///
    /// Inlined: out of line, its closures and the keeping of the old state were calls of their own (about 60
    /// instructions more per observed chart event).
    @inlinable @inline(__always)
    func processInPlaceObserved(
        _ event: Event, hint: _StepHint, support: Unmanaged<MachineSupport<State, Event>>
    ) -> Bool {
        support._withUnsafeGuaranteedRef { definition._keepStateForObservers(&_state, in: &$0.keptState) }
        guard let kind = definition._update(&_state, on: event, hint: hint, in: self) else { return ignore(event) }
        if kind == .change {
            support._withUnsafeGuaranteedRef { $0.effects?.leaveState() }
        }
        definition._didUpdate(kind, on: event, in: self)
        // Both states lent `inout` where they are stored (see `notifyTransition(_:lending:on:lending:)`), the kept
        // one unwrapped once for both calls.
        support._withUnsafeGuaranteedRef { support in
            tellObservers(support, lending: &support.keptState!, on: event)
        }
        return true
    }

    /// The end of ``processInPlaceObserved(_:hint:support:)``: the machine notifying, the observers
    /// (`didTransition` first, when set), each lent `keptState` and the current state, as
    /// ``callObservers(_:lending:on:lending:)`` calls them: a sole observer (``ObserverList/soleObserver``)
    /// without the loop. The current state is lent through that call's parameter: read in a closure here, a
    /// chart's snapshot was copied for every call (about 280 instructions per observed chart event).
    @inlinable @inline(__always)
    func tellObservers(_ support: MachineSupport<State, Event>, lending keptState: inout State, on event: Event) {
        supportWord |= Self.notifyingBit
        callObservers(Unmanaged.passUnretained(support), lending: &keptState, on: event, lending: &_state)
    }

    @usableFromInline
    func enqueue(_ event: Event) {
        // An existing object is used as it is: a queued event changes nothing the lookups answer for.
        (support ?? makeSupport()).queue.enqueue(event)
        hasDeferredWork = true
    }

    /// Does the work deferred to the end of an event (`hasDeferredWork`): applies the observer changes
    /// made while the machine was notifying, then handles queued events in FIFO order until none is left,
    /// applying after each the changes made while it was notified. A loop, not recursion. Called busy.
    @usableFromInline
    func drainQueue() {
        guard let support else { return }
        while true {
            // Done notifying of the event before: changes from now on are immediate until the next notification.
            supportWord &= ~Self.notifyingBit
            support.applyDeferredObserverChanges()
            guard let next = support.queue.dequeue() else { break }
            _ = process(next)
        }
        hasDeferredWork = false
    }

    /// The support object, created on first need.
    ///
    /// Puts ``answeringLookup`` away (the plain lookup answers for a machine nothing observes; the observed
    /// one for an object that holds nothing but transition observers, and the caller may be about to add
    /// something else): the end of the next event the asking lookup leaves to the general path, or
    /// `addObserver(_:)`, brings back what the object allows.
    @usableFromInline
    func makeSupport() -> MachineSupport<State, Event> {
        if let existing = existingSupport() { return existing.takeUnretainedValue() }
        if Self.answersByLookup { answeringLookup = .askingTheDefinition }
        let created = MachineSupport<State, Event>()
        if Self.answersByLookup, let lookup = definition._transitionLookup {
            created.observedLookup = lookup.observedVariant
        }
        // Keeps the busy bit.
        supportWord = UInt(bitPattern: Unmanaged.passRetained(created).toOpaque()) | (supportWord & Self.flagBits)
        return created
    }

    /// ``makeSupport()`` for a machine that has its support object, inline and unretained: the object, with
    /// ``answeringLookup`` put away as ``makeSupport()`` puts it; `nil` without one (nothing done).
    @inlinable @inline(__always)
    func existingSupport() -> Unmanaged<MachineSupport<State, Event>>? {
        guard let support = unretainedSupport else { return nil }
        if Self.answersByLookup { answeringLookup = .askingTheDefinition }
        return support
    }

    deinit {
        definition._machineWillDeinit(self)
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
