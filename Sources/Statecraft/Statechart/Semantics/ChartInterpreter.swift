/// The SCXML 1.0 Appendix D algorithm, run on a ``ChartSnapshot`` in place: the one step function of
/// every chart, traced or not, observed or not.
///
/// The sets a microstep exits and enters come from the transitions' plans (``ChartTables/plans``),
/// computed when the chart was built by the functions in `ChartTables+TransitionSets.swift`; a plan that
/// depends on history values is computed here by the same functions. The interpreter performs no
/// effect: sends and cancels are recorded in the macrostep for the runtime to perform. Guards and actions
/// run here because the algorithm depends on them (a guard reads the context an earlier action wrote).
///
/// Each procedure carries the name it has in SCXML 1.0 §D.2, the algorithm's pseudo-code.
///
/// Noncopyable: an interpreter lives for one step, inside ``withInterpreter(stepping:signal:tracing:bound:_:)``,
/// and is never copied. Being so, it is destroyed field by field where the step ends, instead of
/// through its type's value witness on every event.
@usableFromInline
struct ChartInterpreter<StateID: Hashable & Sendable, Event, Context>: ~Copyable {
    @usableFromInline typealias Signal = ChartSignal<StateID, Event>
    @usableFromInline typealias Tables = ChartTables<StateID, Event, Context>
    @usableFromInline typealias Snapshot = ChartSnapshot<StateID, Event, Context>

    /// The snapshot's tables, read where the snapshot stores them: the snapshot holds them for the whole
    /// step, and nothing the step runs replaces the snapshot (actions receive its context alone; a machine
    /// busy with the step queues what would change its state), so the interpreter keeps no reference of its
    /// own: keeping one would cost a retain and a release per step.
    @inlinable var tables: Tables { snapshotPointer.pointee.tables }
    /// The snapshot being stepped, where its owner stores it, read and written through `pointee` (a
    /// computed property over it would copy the whole interpreter at each access): stepping it through a pointer, rather than
    /// taking it over and handing it back, copies none of its fields and keeps its record's box uniquely
    /// referenced, so that the box is reused.
    @usableFromInline let snapshotPointer: UnsafeMutablePointer<Snapshot>
    /// The internal queue and the steps described near the bound (``ChartStepBacklog``), made at the first
    /// raised event or described step and released by ``withInterpreter(stepping:signal:tracing:bound:_:)``
    /// or ``handleExternal(stepping:event:planIndex:scopeBox:tracing:bound:)``;
    /// `nil` until then, so that a step that raises nothing makes, destroys and releases nothing.
    @usableFromInline var backlog: Unmanaged<ChartStepBacklog<StateID, Event>>?
    /// The external signal of the step when it is a chart event: SCXML's `_event` until an internal event
    /// is selected. The scope shows it when guards and actions first need the scope (``attachScope()``);
    /// from then on the scope holds the current signal. The event alone, so that for a chart of plain
    /// events the interpreter holds nothing to copy or destroy (a signal, an enum with a boxed case, goes
    /// through outlined functions).
    @usableFromInline let externalEvent: Event?
    /// The external signal of the step when it is not a chart event (a `done` or `error` signal delivered
    /// from outside), where the caller of ``withInterpreter(stepping:signal:tracing:bound:_:)`` holds it;
    /// `nil` otherwise, and while the chart starts.
    @usableFromInline let externalSignal: UnsafePointer<Signal>?
    /// The box of the scope guards and actions receive, the snapshot's own (``ChartSnapshot/scopeBox``),
    /// found uniquely referenced or made at the macrostep's first guard or action (``prepareScope()``):
    /// the scope is handed to each where it is, not moved in and out. Unretained: the snapshot holds it.
    /// `nil` until then.
    @usableFromInline var scopeBox: Unmanaged<ChartScopeBox<StateID, Event>>?
    /// Whether the snapshot's record was reset for this macrostep (see ``beginRecord()``).
    @usableFromInline var begun = false
    /// Whether this macrostep's first microstep is recorded as its plan
    /// (``ChartMacrostep/plannedMicrostep``), to be written into the record's box if the macrostep records
    /// more (``beginRecord()``).
    @usableFromInline var recordIsPlanned = false
    /// The steps taken toward ``ChartSnapshot/macrostepBound``: microsteps, plus internal events that
    /// enabled no transition (a guard throwing on every `error.execution` takes no microstep).
    @usableFromInline var stepCount = 0
    /// Whether microsteps are recorded in ``ChartMacrostep/microsteps``.
    @usableFromInline let tracing: Bool
    /// The steps a macrostep may take (``Statechart/macrostepBound``).
    @usableFromInline let bound: Int

    /// An interpreter stepping the snapshot `snapshot` points to, for external chart event `event` or the
    /// other external signal `signal` points to (at most one of them; neither to start the chart); the
    /// pointers must stay valid (and the snapshot be accessed by nothing else) while the interpreter runs:
    /// use ``withInterpreter(stepping:signal:tracing:bound:_:)`` or
    /// ``handleExternal(stepping:event:planIndex:scopeBox:tracing:bound:)``.
    @inlinable init(
        stepping snapshot: UnsafeMutablePointer<Snapshot>, event: Event?, signal: UnsafePointer<Signal>?,
        tracing: Bool, bound: Int
    ) {
        self.snapshotPointer = snapshot
        self.externalEvent = event
        self.externalSignal = signal
        self.tracing = tracing
        self.bound = bound
    }

    /// Runs `body` with an interpreter stepping `snapshot` in place, for external signal `signal` (`nil`
    /// to start the chart or to stop it), then releases the interpreter's ``backlog``.
    @inlinable static func withInterpreter<Result>(
        stepping snapshot: inout Snapshot, signal: Signal? = nil, tracing: Bool, bound: Int,
        _ body: (inout Self) -> Result
    ) -> Result {
        withUnsafeMutablePointer(to: &snapshot) { pointer in
            func run(event: Event?, signal: UnsafePointer<Signal>?) -> Result {
                var interpreter = Self(stepping: pointer, event: event, signal: signal, tracing: tracing, bound: bound)
                let result = body(&interpreter)
                if let backlog = interpreter.backlog { backlog.release() }
                return result
            }
            switch signal {
            case .event(let event)?: return run(event: event, signal: nil)
            case let other?: return _withUnprotectedUnsafePointer(to: other) { run(event: nil, signal: $0) }
            case nil: return run(event: nil, signal: nil)
            }
        }
    }

    /// Runs ``handleExternal(event:)`` with an interpreter stepping the snapshot `snapshot` points to, for
    /// external chart event `event`, then releases the interpreter's ``backlog``: the step of a machine's
    /// event, written without closures so that it is inlined whole into its caller, which passes the
    /// snapshot as an `&` argument (a pointer valid for the call).
    ///
    /// - Parameters:
    ///   - planIndex: The position of `event`'s plan in the snapshot's configuration when the caller found it
    ///     already (``ChartTables/microstepPlan(for:rowStart:active:)``), -1 otherwise.
    ///   - scopeBox: The box of the scope guards and actions receive, when the caller keeps one for every step
    ///     it takes (a machine: ``ChartRuntime``); `nil` to use the snapshot's (``attachScopeBox()``).
    @inlinable @inline(__always) static func handleExternal(
        stepping snapshot: UnsafeMutablePointer<Snapshot>, event: Event, planIndex: Int,
        scopeBox: Unmanaged<ChartScopeBox<StateID, Event>>?, tracing: Bool, bound: Int
    ) -> Bool {
        var interpreter = Self(stepping: snapshot, event: event, signal: nil, tracing: tracing, bound: bound)
        if let scopeBox {
            interpreter.scopeBox = scopeBox
            scopeBox._withUnsafeGuaranteedRef { $0.scope.show(event: event) }
        }
        let handled = interpreter.handleExternal(event: event, planIndex: planIndex)
        if let backlog = interpreter.backlog { backlog.release() }
        return handled
    }

    // MARK: - Macrosteps

    /// SCXML 1.0 §D.2 `interpret`: enter the initial configuration (`enterStates` with the root's
    /// initial transition), then run the first macrostep to completion.
    @inlinable mutating func start() {
        beginRecord()
        takeMicrostep(ChartTransitionList(single: tables.initialTransitions[0]), label: .initial)
        runToCompletion()
    }

    /// SCXML 1.0 §D.2 `mainEventLoop`, for the external signal (``externalEvent`` or ``externalSignal``):
    /// select and take its transitions, then run eventless transitions and internal events until the chart
    /// settles.
    ///
    /// - Parameter event: The signal's event, when it is a chart event: given by the caller, who has it,
    ///   so that finding the plan reads no signal (a copy of an enum with a boxed case goes through an
    ///   outlined function, even where its case is known).
    /// - Parameter planIndex: The position of the event's plan in this configuration, a
    ///   ``ChartMicrostepPlan/Kind/planned`` or ``ChartMicrostepPlan/Kind/guarded`` one (or the plan a guarded
    ///   one's guards chose), when the caller found it already
    ///   (``ChartTables/microstepPlan(for:rowStart:active:)``); -1 to look it up here.
    /// - Returns: Whether the event enabled a transition or raised an error the chart then processed;
    ///   `false` means the event was ignored and the snapshot is untouched.
    @inlinable @inline(__always) mutating func handleExternal(event: Event?, planIndex: Int = -1) -> Bool {
        // A configuration and event with a plan (``ChartMicrostepPlans``): the microstep it says, without
        // selecting transitions or computing their sets.
        if planIndex >= 0, let plans = tables.microstepPlans {
            #if DEBUG
                checkPlan(planIndex, of: event!)
            #endif
            return takePlan(plans, index: planIndex)
        }
        if let event,
            let (plans, index) = tables.microstepPlan(
                for: event, rowStart: snapshotPointer.pointee.planRowStart, active: snapshotPointer.pointee.active)
        {
            #if DEBUG
                checkPlan(index, of: event)
            #endif
            if plans.plans[index].kind == .ignored { return false }
            return takePlan(plans, index: index)
        }
        return handleUnplanned(externalSignal?.pointee ?? .event(externalEvent!))
    }

    #if DEBUG
        /// ``checkPlan(_:of:stepping:)`` for the snapshot this interpreter steps.
        @usableFromInline func checkPlan(_ index: Int, of event: Event) {
            Self.checkPlan(index, of: event, stepping: snapshotPointer)
        }
    #endif

    /// The rest of ``handleExternal(event:planIndex:)`` for the plan at `index` in `plans`, a
    /// ``ChartMicrostepPlan/Kind/planned`` one: the microstep it says, without selecting transitions or
    /// computing their sets. A ``ChartMicrostepPlan/Kind/guarded`` one evaluates its candidates' guards first
    /// (``takeGuardedPlan(_:index:after:)``).
    @inlinable @inline(__always) mutating func takePlan(_ plans: ChartMicrostepPlans, index: Int) -> Bool {
        let plan = plans.plans + index
        if plan.pointee.kind == .guarded {
            prepareScope()
            return takeGuardedPlan(
                plans, index: index,
                after: Self.firstHoldingCandidate(
                    of: plan, from: 0, stepping: snapshotPointer, scopeBox: scopeBox.unsafelyUnwrapped))
        }
        assert(plan.pointee.kind == .planned, "Internal inconsistency: a plan that plans nothing taken")
        if plan.pointee.actionStart >= 0 {
            takePlannedMicrostep(plan, index: index, actions: plans.actions + Int(plan.pointee.actionStart))
        } else {
            takeMicrostep(walking: plan)
        }
        finishMacrostep()
        return true
    }

    /// The microstep of `plan`, a plan that lists no actions, walking its sets (``takeMicrostep(_:label:plan:)``).
    @inlinable @inline(never) mutating func takeMicrostep(walking plan: UnsafeMutablePointer<ChartMicrostepPlan>) {
        beginRecord()
        takeMicrostep(plan.pointee.transitionList, label: .transitions, plan: plan)
    }

    /// ``handleExternal(event:planIndex:)`` for a signal without a plan in this configuration: select its transitions.
    @inlinable @inline(never) mutating func handleUnplanned(_ signal: Signal) -> Bool {
        let enabled = selectTransitions(for: signal)
        if enabled.isEmpty && !hasInternalEvents { return false }
        beginRecord()
        if !enabled.isEmpty { takeMicrostep(enabled, label: .transitions) }
        finishMacrostep()
        return true
    }

    /// The rest of a macrostep after an external event's microstep: eventless transitions and internal
    /// events, then the halt when a top-level final state was entered.
    @inlinable @inline(__always) mutating func finishMacrostep() {
        if hasInternalEvents || tables.hasEventlessTransitions {
            runToCompletion()
        } else if snapshotPointer.pointee._isFinished {
            exitInterpreter()
        }
    }

    /// Resets the snapshot's record of the last macrostep, once per macrostep, before the first thing
    /// it records. An ignored event therefore leaves the record (and the snapshot) untouched.
    @inlinable @inline(__always) mutating func beginRecord() {
        if begun { return }
        begun = true
        if recordIsPlanned {
            writePlannedRecord()
        } else {
            snapshotPointer.pointee._lastMacrostep.reset()
        }
    }

    /// Runs `body` with the snapshot's record box, made unique for this step
    /// (``ChartMacrostep/withUniqueRecords(names:plans:_:)``); a box it makes knows the chart's names and plans.
    @inlinable @inline(__always) mutating func withUniqueRecords<Result>(
        _ body: (ChartMacrostep<StateID, Event>.Records) -> Result
    ) -> Result {
        snapshotPointer.pointee._lastMacrostep.withUniqueRecords(
            names: tables.names, plans: tables.microstepPlanStorage, body)
    }

    /// Moves the first microstep, recorded as its plan (``takePlannedMicrostep(_:index:actions:)``), into the
    /// record's box, emptied first, for the rest of the macrostep to record after it.
    @inlinable @inline(never) mutating func writePlannedRecord() {
        assert(
            snapshotPointer.pointee._lastMacrostep.plannedEffects == .none,
            "Internal inconsistency: a planned record with effects continued by the interpreter")
        recordIsPlanned = false
        let words = snapshotPointer.pointee._lastMacrostep.plannedRecord
        let changed = snapshotPointer.pointee._lastMacrostep.changedConfiguration
        let count = snapshotPointer.pointee._lastMacrostep.microstepCount
        snapshotPointer.pointee._lastMacrostep.reset()
        if let words {
            withUniqueRecords { $0.record(words) }
        }
        snapshotPointer.pointee._lastMacrostep.changedConfiguration = changed
        snapshotPointer.pointee._lastMacrostep.microstepCount = count
    }

    /// SCXML 1.0 §D.2 `mainEventLoop`, inner loop: eventless transitions first, then one internal event,
    /// until neither enables anything (the end of the macrostep; internal events before external ones,
    /// §3.13). Then, when a top-level final state was entered, `exitInterpreter`.
    @inlinable mutating func runToCompletion() {
        while !snapshotPointer.pointee._isFinished {
            if stepCount >= bound {
                stopAtBound()
                break
            }
            var enabled = selectTransitions(for: nil)
            if enabled.isEmpty {
                guard let next = dequeueInternal() else { break }
                // The scope holds the current signal from now on.
                if let scopeBox {
                    scopeBox._withUnsafeGuaranteedRef { $0.scope.currentSignal = next }
                } else {
                    attachScope(showing: next)
                }
                enabled = selectTransitions(for: next)
                if enabled.isEmpty {
                    // An internal event processed without a microstep still counts toward the bound.
                    stepCount += 1
                    if stepCount > bound - Self.loopWindow {
                        recordRecentStep("\(Self.name(of: next)) enabled no transition")
                    }
                    continue
                }
            }
            takeMicrostep(enabled, label: .transitions)
        }
        if snapshotPointer.pointee._isFinished { exitInterpreter() }
    }

    /// SCXML 1.0 §D.2 `exitInterpreter`: exit every active state in exit order.
    @inlinable mutating func exitInterpreter() {
        snapshotPointer.pointee.planRowStart = -1
        let exiting = snapshotPointer.pointee.active
        if !exiting.isEmpty { snapshotPointer.pointee._lastMacrostep.changedConfiguration = true }
        for state in exiting.reversedIndices() {
            for action in tables.exitActionRanges[state] {
                runAction(action, state: state, phase: .exit)
            }
            snapshotPointer.pointee.active.remove(state)
        }
        finishMicrostep(ChartTransitionList(), label: .halt, exited: exiting, entered: ChartStateSet())
    }

    @inlinable mutating func dequeueInternal() -> Signal? {
        backlog?._withUnsafeGuaranteedRef { $0.internalQueue.dequeue() }
    }

    /// Whether an internal event waits.
    @inlinable var hasInternalEvents: Bool {
        backlog?._withUnsafeGuaranteedRef { !$0.internalQueue.isEmpty } ?? false
    }

    /// The ``backlog``, made now if there is none yet.
    @inlinable @inline(never) mutating func madeBacklog() -> ChartStepBacklog<StateID, Event> {
        if let backlog { return backlog.takeUnretainedValue() }
        let made = ChartStepBacklog<StateID, Event>()
        backlog = Unmanaged.passRetained(made)
        return made
    }

    /// Places `signal` at the back of the internal queue.
    @inlinable mutating func enqueueInternal(_ signal: Signal) {
        madeBacklog().internalQueue.enqueue(signal)
    }

    /// Records the description of a step close to the bound.
    @usableFromInline mutating func recordRecentStep(_ description: String) {
        madeBacklog().recentSteps.append(description)
    }

    @inlinable @inline(__always) mutating func finishMicrostep(
        _ enabled: ChartTransitionList, label: ChartRecordedMicrostep.Label, exited: ChartStateSet,
        entered: ChartStateSet, historyDefaults: ChartTransitionList = ChartTransitionList()
    ) {
        beginRecord()
        if tracing {
            if ChartRecordedMicrostep.Words.fit(
                transitions: enabled, historyDefaults: historyDefaults, exited: exited, entered: entered)
            {
                let words = ChartRecordedMicrostep.Words(
                    label: label, transitions: enabled, historyDefaults: historyDefaults, exited: exited.low,
                    entered: entered.low)
                withUniqueRecords { $0.record(words) }
            } else {
                let microstep = ChartRecordedMicrostep(
                    label: label, transitions: enabled, historyDefaults: historyDefaults, exited: exited,
                    entered: entered)
                withUniqueRecords { $0.record(microstep) }
            }
        }
        stepCount += 1
        snapshotPointer.pointee._lastMacrostep.microstepCount += 1
        #if DEBUG
            // Debug builds (and so every test) check the configuration after each microstep; release
            // builds compile this out.
            snapshotPointer.pointee._checkInvariants()
        #endif
    }
}
