extension ChartInterpreter {
    /// Makes the scope in ``scopeBox`` show the current configuration (and signal) to the next guard or
    /// action, taking the snapshot's box at the macrostep's first one (``attachScope()``).
    @inlinable @inline(__always) mutating func prepareScope() {
        if scopeBox == nil { attachScope() }
        scopeBox.unsafelyUnwrapped._withUnsafeGuaranteedRef { box in
            // The configuration's word alone when neither side has spilled words: assigning the whole set
            // copies and destroys a `nil` reference (two runtime calls).
            if snapshotPointer.pointee.active.spilled == nil && box.scope.configuration.spilled == nil {
                box.scope.configuration.low = snapshotPointer.pointee.active.low
            } else {
                box.scope.configuration = snapshotPointer.pointee.active
            }
        }
    }

    /// Sets ``scopeBox`` to the snapshot's box showing the external signal (``externalEvent``,
    /// ``externalSignal``; `nil` while the chart starts): see ``attachScopeBox()``.
    @inlinable mutating func attachScope() {
        let box = attachScopeBox()
        box._withUnsafeGuaranteedRef { box in
            if let externalEvent {
                box.scope.show(event: externalEvent)
            } else if let externalSignal {
                box.scope.currentSignal = externalSignal.pointee
            } else {
                box.scope.currentSignal = nil
            }
        }
    }

    /// Sets ``scopeBox`` to the snapshot's box showing `signal`: see ``attachScopeBox()``.
    @inlinable @inline(never) mutating func attachScope(showing signal: Signal) {
        attachScopeBox()._withUnsafeGuaranteedRef { $0.scope.currentSignal = signal }
    }

    /// Sets ``scopeBox`` to the snapshot's box when the snapshot holds the only reference to it (the box a
    /// previous step made); otherwise to a new box, which the snapshot then holds (a copy of the snapshot
    /// keeps the old one). The caller sets the signal it shows.
    @inlinable mutating func attachScopeBox() -> Unmanaged<ChartScopeBox<StateID, Event>> {
        if snapshotPointer.pointee.scopeBox != nil, isKnownUniquelyReferenced(&snapshotPointer.pointee.scopeBox) {
            let box = Unmanaged.passUnretained(snapshotPointer.pointee.scopeBox.unsafelyUnwrapped)
            scopeBox = box
            // A new macrostep: the work its actions count starts again (a new box starts at zero).
            box._withUnsafeGuaranteedRef { box in
                box.scope.actionSteps = 0
                box.scope.actionBytes = 0
            }
            return box
        }
        let box = ChartScopeBox<StateID, Event>(
            scope: ChartScope(signal: nil, states: tables.stateLookup, configuration: snapshotPointer.pointee.active))
        snapshotPointer.pointee.scopeBox = box
        scopeBox = Unmanaged.passUnretained(box)
        return scopeBox.unsafelyUnwrapped
    }

    /// Runs entry or exit action `action` (a position in the tables' actions) through its unretained
    /// reference: no retain of the action's context.
    @inlinable mutating func runAction(_ action: Int, state: Int, phase: ChartExecutionError.Phase) {
        let box = tables.unretainedActions.withUnsafeBufferPointer { buffer in buffer[action] }
        box._withUnsafeGuaranteedRef { action in run(action.body, state: state, phase: phase) }
    }

    /// Runs one block of executable content. SCXML 1.0 §4.9: an error stops the block and raises
    /// `error.execution` after the events the block raised before failing.
    @inlinable mutating func run(
        _ action: ChartAction<StateID, Event, Context>, state: Int, phase: ChartExecutionError.Phase
    ) {
        prepareScope()
        var failure: (any Error)?
        let box = scopeBox.unsafelyUnwrapped
        do {
            try Self.call(action, stepping: snapshotPointer, scopeBox: box)
        } catch {
            failure = error
        }
        if Self.scopeAsked(box) { takeRequests() }
        if let failure { raiseError(failure, state: state, phase: phase) }
    }

    /// Moves the signals the action that just ran raised to the internal queue, and the effects it asked for
    /// to the record (``recordRequestedEffects(from:stepping:)``). Out of line: most actions do neither, and
    /// ``run(_:state:phase:)`` stays small.
    @inlinable @inline(never) mutating func takeRequests() {
        // The box is kept by the machine or the snapshot for the whole step: used without a retain, its list
        // moved out by `swap` (a closure that consumed or assigned it would copy it).
        let unretainedBox = scopeBox.unsafelyUnwrapped
        var raised: [ChartSignal<StateID, Event>]?
        let askedForEffects = unretainedBox._withUnsafeGuaranteedRef { box in
            if box.scope.raisedSignals != nil { swap(&raised, &box.scope.raisedSignals) }
            box.scope.hasRequests = false
            return box.scope.requestedEffects != nil
        }
        if let raised { madeBacklog().internalQueue.enqueue(contentsOf: raised) }
        guard askedForEffects else { return }
        beginRecord()
        Self.recordRequestedEffects(from: unretainedBox, stepping: snapshotPointer)
    }

    /// Moves the effects the scope in `box` holds (``ChartScope/requestedEffects``) to the end of the record of
    /// the snapshot `snapshot` points to, its box made unique first: the one way effects reach a record, for the
    /// interpreter (``takeRequests()``) and a planned macrostep whose actions only ask for effects
    /// (``takeCheckedPlannedMacrostep(stepping:event:plan:index:scopeBox:soleAction:tracing:bound:)``). The record
    /// must have been begun for this macrostep.
    @inlinable @inline(never)
    static func recordRequestedEffects(
        from box: Unmanaged<ChartScopeBox<StateID, Event>>, stepping snapshot: UnsafeMutablePointer<Snapshot>
    ) {
        var requested: [ChartEffect<Event>]?
        box._withUnsafeGuaranteedRef { box in
            box.scope.hasRequests = false
            if box.scope.requestedEffects != nil { swap(&requested, &box.scope.requestedEffects) }
        }
        guard var effects = requested.take() else { return }
        snapshot.pointee._lastMacrostep.withUniqueRecords(
            names: snapshot.pointee.tables.names, plans: snapshot.pointee.tables.microstepPlanStorage
        ) { records in
            if records.effects.isEmpty {
                // The first effects of the macrostep: the record takes the scope's list itself, and the scope
                // keeps the record's empty buffer for the next action that asks (no effect is copied).
                swap(&records.effects, &effects)
            } else if effects.count == 1 {
                // The common later case, one effect: moved, neither copied nor destroyed.
                records.effects.append(effects.removeLast())
            } else {
                for position in effects.indices { records.effects.append(effects[position]) }
            }
        }
        // Emptied one by one, keeping its buffer for the next effect (see `Records.clear()`).
        while !effects.isEmpty { effects.removeLast() }
        box._withUnsafeGuaranteedRef { swap(&$0.scope.spareEffects, &effects) }
    }

    /// SCXML 1.0 §3.12.2: place `error.execution` on the internal queue.
    @usableFromInline @inline(never) mutating func raiseError(
        _ error: any Error, state: Int, phase: ChartExecutionError.Phase
    ) {
        beginRecord()
        let executionError = ChartExecutionError(state: tables.name(of: state), phase: phase, underlying: error)
        withUniqueRecords {
            $0.errors.append(executionError)
        }
        enqueueInternal(.error(executionError))
    }
}
