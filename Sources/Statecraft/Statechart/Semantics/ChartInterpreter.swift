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
/// through its type's value witness (about 190 instructions per event).
@usableFromInline
struct ChartInterpreter<StateID: Hashable & Sendable, Event, Context>: ~Copyable {
    @usableFromInline typealias Signal = ChartSignal<StateID, Event>
    @usableFromInline typealias Tables = ChartTables<StateID, Event, Context>
    @usableFromInline typealias Snapshot = ChartSnapshot<StateID, Event, Context>

    /// The snapshot's tables, read where the snapshot stores them: the snapshot holds them for the whole
    /// step, and nothing the step runs replaces the snapshot (actions receive its context alone; a machine
    /// busy with the step queues what would change its state), so the interpreter keeps no reference of its
    /// own. Keeping one cost a retain and a release per step (`Chart.flat` 448 → 401 instructions without).
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

    // MARK: - Bound

    /// How many steps before the bound start being described, to name the loop.
    @inlinable static var loopWindow: Int { 24 }

    /// Ends a macrostep that reached its bound (``Statechart/macrostepBound``): records a ``ChartLoopError``
    /// naming the steps that repeat and the active atomic states.
    @usableFromInline mutating func stopAtBound() {
        beginRecord()
        let atomic = snapshotPointer.pointee.active.indices().filter { tables.isAtomic($0) }.map { tables.name(of: $0) }
        let loopError = ChartLoopError(
            bound: bound, loop: ChartLoopError.period(of: backlog?.takeUnretainedValue().recentSteps ?? []),
            configuration: atomic)
        withUniqueRecords { $0.loopError = loopError }
    }

    /// A signal's name in a ``ChartLoopError``.
    @usableFromInline static func name(of signal: Signal) -> String {
        switch signal {
        case .event(let event): String(describing: event)
        case .done(let id): "done.state.\(id)"
        case .error(let error): "error.execution (\(error.phase.rawValue) of '\(error.state)' threw)"
        }
    }

    /// A microstep's description in a ``ChartLoopError``.
    @usableFromInline func describeMicrostep(_ enabled: ChartTransitionList) -> String {
        var parts: [String] = []
        for index in enabled {
            let transition = tables.transitions[index]
            let label = tables.names.labels[index]
            if transition.targets.isEmpty {
                parts.append("\(tables.name(of: transition.source)) (targetless, on \(label))")
            } else {
                let targets = transition.targets.map { tables.name(of: $0) }.joined(separator: " ")
                parts.append("\(tables.name(of: transition.source)) -> \(targets) (\(label))")
            }
        }
        return parts.joined(separator: " + ")
    }

    // MARK: - Selecting transitions

    /// SCXML 1.0 §D.2 `selectTransitions` (with a signal) and `selectEventlessTransitions` (without):
    /// for each active atomic state in document order, the first transition in document order of the
    /// state or of its nearest ancestor whose trigger matches and whose guard holds; then
    /// `removeConflictingTransitions`.
    @inlinable mutating func selectTransitions(for signal: Signal?) -> ChartTransitionList {
        var enabled = ChartTransitionList()
        // A chart event of a payload-free `CaseIterable` type: the same search, reading for each atomic state
        // the transitions of the state and its ancestors whose trigger matches the event, in the order the
        // search below visits them (``ChartEventCandidates``), instead of calling every trigger.
        if _isPOD(Event.self), MemoryLayout<Event>.size <= 1, let candidates = tables.eventCandidates,
            case .event(let event)? = signal, let column = candidates.column(of: event)
        {
            // The first 64 states by their word, without copying the set into an iterator (a retain and a
            // release of its spilled words), then the others, if any.
            var bits = snapshotPointer.pointee.active.low
            while bits != 0 {
                let state = bits.trailingZeroBitCount
                bits &= bits &- 1
                if tables.isAtomic(state) { selectCandidate(of: state, column: column, in: candidates, into: &enabled) }
            }
            if snapshotPointer.pointee.active.spilled != nil {
                for state in snapshotPointer.pointee.active where state >= 64 && tables.isAtomic(state) {
                    selectCandidate(of: state, column: column, in: candidates, into: &enabled)
                }
            }
            return enabled.count > 1 ? removeConflictingTransitions(enabled) : enabled
        }
        for state in snapshotPointer.pointee.active where tables.isAtomic(state) {
            var source = state
            search: while source > 0 {
                for index in tables.transitionRanges[source] {
                    // Read fields in place: copying a whole transition costs four retains.
                    if let signal {
                        guard tables.trigger(of: index, firesOn: signal) else { continue }
                    } else if !tables.isEventless(index) {
                        continue
                    }
                    if conditionMatch(index) {
                        if enabled.isEmpty || !enabled.contains(index) { enabled.append(index) }
                        break search
                    }
                }
                source = tables.parents[source]
            }
        }
        return enabled.count > 1 ? removeConflictingTransitions(enabled) : enabled
    }

    /// For atomic state `state`, the first of its candidate transitions for event column `column` whose
    /// guard holds, appended to `enabled` unless another state selected it already.
    @inlinable @inline(__always)
    mutating func selectCandidate(
        of state: Int, column: Int, in candidates: ChartEventCandidates, into enabled: inout ChartTransitionList
    ) {
        for position in candidates.row(state, column: column) {
            let index = Int(candidates.transitions[position])
            if conditionMatch(index) {
                if enabled.isEmpty || !enabled.contains(index) { enabled.append(index) }
                return
            }
        }
    }

    /// SCXML 1.0 §5.9: a guard that throws counts as false and raises `error.execution`.
    @inlinable mutating func conditionMatch(_ index: Int) -> Bool {
        guard let condition = tables.unretainedGuard(of: index) else { return true }
        do {
            prepareScope()
            return try Self.call(condition, stepping: snapshotPointer, scopeBox: scopeBox.unsafelyUnwrapped)
        } catch {
            raiseError(error, state: tables.transitions[index].source, phase: .guard)
            return false
        }
    }

    /// SCXML 1.0 §D.2 `removeConflictingTransitions`: the optimal enabled transition set. Two transitions
    /// conflict when their exit sets intersect; a transition whose source is a descendant of the other's
    /// source preempts it, otherwise the one selected first (document order of the selecting atomic
    /// states) wins.
    @inlinable mutating func removeConflictingTransitions(_ enabled: ChartTransitionList) -> ChartTransitionList {
        var filtered = ChartTransitionList()
        for candidate in 0..<enabled.count {
            let first = enabled[candidate]
            let firstExitSet = computeExitSet(ChartTransitionList(single: first))
            var preempted = false
            var toRemove = ChartTransitionList()
            for position in 0..<filtered.count {
                let second = filtered[position]
                guard firstExitSet.intersects(computeExitSet(ChartTransitionList(single: second))) else { continue }
                if tables.isDescendant(tables.transitions[first].source, of: tables.transitions[second].source) {
                    toRemove.append(position)
                } else {
                    preempted = true
                    break
                }
            }
            if preempted { continue }
            for index in stride(from: toRemove.count - 1, through: 0, by: -1) {
                filtered.remove(at: toRemove[index])
            }
            filtered.append(first)
        }
        return filtered
    }

    // MARK: - Microsteps

    /// SCXML 1.0 §D.2 `microstep`: exit, run the transitions' content, enter.
    ///
    /// - Parameter plan: The plan of this microstep in this configuration (``ChartMicrostepPlans``), whose
    ///   exit and entry sets are those `computeExitSet` and `computeEntrySet` return here; `nil` to compute them.
    @inlinable mutating func takeMicrostep(
        _ enabled: ChartTransitionList, label: ChartRecordedMicrostep.Label,
        plan: UnsafeMutablePointer<ChartMicrostepPlan>? = nil
    ) {
        if stepCount >= bound - Self.loopWindow { recordRecentStep(describeMicrostep(enabled)) }
        // Walked set by set, the configuration's row is found again by the next step that needs it.
        snapshotPointer.pointee.planRowStart = -1
        var historyDefaults = ChartTransitionList()
        // The same three phases either way; with a plan, written out separately so that the optimizer sees
        // that its sets are words (no spilled words, no history defaults) and drops what handles those.
        if let plan {
            let exited = exitStates(ChartStateSet(low: plan.pointee.exitWord))
            executeTransitionContent(enabled)
            var sets = Tables.EntrySets()
            sets.statesToEnter.low = plan.pointee.entryWord
            sets.statesForDefaultEntry.low = plan.pointee.defaultEntryWord
            let entered = enterStates(sets, isDynamic: false, historyDefaults: &historyDefaults)
            #if DEBUG
                // Tests check each planned microstep against the configuration the plan expected.
                precondition(
                    snapshotPointer.pointee.active.low == plan.pointee.nextConfiguration,
                    "Internal inconsistency: a microstep plan led elsewhere")
            #endif
            finishMicrostep(enabled, label: label, exited: exited, entered: entered, historyDefaults: historyDefaults)
        } else {
            let exited = exitStates(computeExitSet(enabled))
            executeTransitionContent(enabled)
            let (sets, isDynamic) = entrySets(enabled)
            let entered = enterStates(sets, isDynamic: isDynamic, historyDefaults: &historyDefaults)
            finishMicrostep(enabled, label: label, exited: exited, entered: entered, historyDefaults: historyDefaults)
        }
    }

    /// SCXML 1.0 §D.2 `executeTransitionContent`, in the order of the optimal enabled set.
    @inlinable @inline(__always) mutating func executeTransitionContent(_ enabled: ChartTransitionList) {
        for position in 0..<enabled.count {
            let index = enabled[position]
            if let action = tables.transitions[index].action {
                run(action, state: tables.transitions[index].source, phase: .transition)
            }
        }
    }

    /// SCXML 1.0 §D.2 `computeExitSet`: the active descendants of each transition's domain, read from
    /// the transitions' plans. Targetless transitions exit nothing.
    @inlinable mutating func computeExitSet(_ transitions: ChartTransitionList) -> ChartStateSet {
        var exitSet = ChartStateSet()
        for position in 0..<transitions.count {
            let index = transitions[position]
            if tables.plans[index].fitsInWord {
                exitSet.low |= snapshotPointer.pointee.active.low & tables.plans[index].exitMask
                continue
            }
            let plan = tables.plans[index]
            if plan.isDynamic {
                var history = Tables.HistoryLookup(recorded: snapshotPointer.pointee.history)
                guard let domain = tables.transitionDomain(index, history: &history) else { continue }
                exitSet.formUnion(snapshotPointer.pointee.active.intersection(tables.exitScope(ofDomain: domain)))
            } else {
                exitSet.formUnion(snapshotPointer.pointee.active.intersection(plan.exitScope))
            }
        }
        return exitSet
    }

    /// SCXML 1.0 §D.2 `exitStates`: record history for every state about to be exited (§3.10), then
    /// exit the states in exit order — reverse document order, descendants before ancestors — running
    /// their exit actions.
    /// - Parameter exitSet: The states to exit (``computeExitSet(_:)`` of the enabled transitions).
    /// - Returns: The states exited.
    @inlinable @inline(__always) mutating func exitStates(_ exitSet: ChartStateSet) -> ChartStateSet {
        if exitSet.isEmpty { return exitSet }
        snapshotPointer.pointee._lastMacrostep.changedConfiguration = true
        if tables.hasHistoryStates { recordHistory(exiting: exitSet) }
        if exitSet.spilled == nil {
            // A set of the first 64 states, by its word: no iterator copying the set.
            var bits = exitSet.low
            while bits != 0 {
                let state = 63 - bits.leadingZeroBitCount
                bits &= ~(1 << UInt64(state))
                exitState(state)
            }
        } else {
            for state in exitSet.reversedIndices() { exitState(state) }
        }
        return exitSet
    }

    /// Exits `state`: its exit actions, then its removal from the configuration.
    @inlinable @inline(__always) mutating func exitState(_ state: Int) {
        for action in tables.exitActionRanges[state] {
            runAction(action, state: state, phase: .exit)
        }
        snapshotPointer.pointee.active.remove(state)
    }

    /// SCXML 1.0 §3.10: the history values of the states about to be exited.
    @inlinable @inline(never) mutating func recordHistory(exiting exitSet: ChartStateSet) {
        for state in exitSet {
            for history in tables.historyChildren[state] {
                var recorded = ChartStateSet()
                if case .history(.deep) = tables.kinds[history] {
                    for active in snapshotPointer.pointee.active
                    where tables.isAtomic(active) && tables.isDescendant(active, of: state) {
                        recorded.insert(active)
                    }
                } else {
                    for active in snapshotPointer.pointee.active where tables.parents[active] == state {
                        recorded.insert(active)
                    }
                }
                snapshotPointer.pointee.history[history] = recorded
            }
        }
    }

    /// SCXML 1.0 §D.2 `computeEntrySet`: the union of the transitions' planned entry sets, or
    /// `computeEntrySet` with the run's history values when a plan is dynamic.
    /// - Returns: The sets, and whether they were computed with history values (they may then hold
    ///   history defaults' content).
    @inlinable mutating func entrySets(_ enabled: ChartTransitionList) -> (sets: Tables.EntrySets, isDynamic: Bool) {
        var sets = Tables.EntrySets()
        var isDynamic = false
        for position in 0..<enabled.count {
            let index = enabled[position]
            if tables.plans[index].fitsInWord {
                sets.statesToEnter.low |= tables.plans[index].entryWord
                sets.statesForDefaultEntry.low |= tables.plans[index].defaultEntryWord
                continue
            }
            let plan = tables.plans[index]
            if plan.isDynamic {
                isDynamic = true
                break
            }
            sets.statesToEnter.formUnion(plan.entrySet)
            sets.statesForDefaultEntry.formUnion(plan.defaultEntrySet)
        }
        if isDynamic {
            sets = Tables.EntrySets()
            var history = Tables.HistoryLookup(recorded: snapshotPointer.pointee.history)
            tables.computeEntrySet(enabled, history: &history, into: &sets)
        }
        return (sets, isDynamic)
    }

    /// SCXML 1.0 §D.2 `enterStates`: the entry set (``entrySets(_:)``) entered in entry order (document
    /// order, ancestors before descendants), running entry actions, then the initial transition's content for states
    /// entered by default, then a history default transition's content. Entering a final state raises
    /// `done.state` for its parent and, when that completes a parallel grandparent, for the grandparent
    /// too (§3.7.1); a top-level final state halts the chart.
    /// - Parameters:
    ///   - sets: The entry sets.
    ///   - isDynamic: Whether `sets` may hold history defaults' content.
    ///   - historyDefaults: Receives the default transitions of the history states entered
    ///     without a recorded value, in the order their content ran: they are taken too.
    /// - Returns: The states entered.
    @inlinable @inline(__always) mutating func enterStates(
        _ sets: Tables.EntrySets, isDynamic: Bool, historyDefaults: inout ChartTransitionList
    ) -> ChartStateSet {
        if sets.statesToEnter.isEmpty { return sets.statesToEnter }
        snapshotPointer.pointee._lastMacrostep.changedConfiguration = true
        if sets.statesToEnter.spilled == nil {
            // A set of the first 64 states, by its word: no iterator copying the set.
            var bits = sets.statesToEnter.low
            while bits != 0 {
                let state = bits.trailingZeroBitCount
                bits &= bits &- 1
                enterState(state, sets: sets, isDynamic: isDynamic, historyDefaults: &historyDefaults)
            }
        } else {
            for state in sets.statesToEnter {
                enterState(state, sets: sets, isDynamic: isDynamic, historyDefaults: &historyDefaults)
            }
        }
        return sets.statesToEnter
    }

    /// Enters `state`: adds it to the configuration, runs its entry actions, then the initial
    /// transition's content when it is entered by default and a history default's content, and handles a
    /// final state.
    @inlinable @inline(__always)
    mutating func enterState(
        _ state: Int, sets: borrowing Tables.EntrySets, isDynamic: Bool, historyDefaults: inout ChartTransitionList
    ) {
        snapshotPointer.pointee.active.insert(state)
        for action in tables.entryActionRanges[state] {
            runAction(action, state: state, phase: .entry)
        }
        if sets.statesForDefaultEntry.contains(state),
            let action = tables.transitions[tables.initialTransitions[state]].action
        {
            run(action, state: state, phase: .transition)
        }
        if isDynamic, let history = sets.defaultHistoryContent?[state] {
            historyDefaults.append(history)
            if let action = tables.transitions[history].action {
                run(action, state: tables.transitions[history].source, phase: .transition)
            }
        }
        if tables.isFinal(state) { enterFinal(state) }
    }

    /// The end of entering final state `state`: `done.state` for its parent and, when that completes a
    /// parallel grandparent, for the grandparent; a top-level final state halts the chart.
    @inlinable @inline(never) mutating func enterFinal(_ state: Int) {
        let parent = tables.parents[state]
        if parent == 0 {
            snapshotPointer.pointee._isFinished = true
            snapshotPointer.pointee.finalIndex = state
            return
        }
        guard let parentID = tables.ids[parent] else {
            preconditionFailure("Internal inconsistency: a state without identifier below the root")
        }
        enqueueInternal(.done(parentID))
        let grandparent = tables.parents[parent]
        if grandparent > 0, tables.isParallel(grandparent),
            tables.childStates[grandparent].allSatisfy({ isInFinalState($0) }),
            let grandparentID = tables.ids[grandparent]
        {
            enqueueInternal(.done(grandparentID))
        }
    }

    /// SCXML 1.0 §D.2 `isInFinalState`.
    @inlinable func isInFinalState(_ state: Int) -> Bool {
        if tables.isCompound(state) {
            return tables.childStates[state].contains {
                tables.isFinal($0) && snapshotPointer.pointee.active.contains($0)
            }
        }
        if tables.isParallel(state) {
            return tables.childStates[state].allSatisfy { isInFinalState($0) }
        }
        return false
    }

    // MARK: - Running guards and actions

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
    /// to the record. Out of line: most actions do neither, and ``run(_:state:phase:)`` stays small.
    @inlinable @inline(never) mutating func takeRequests() {
        // The box is kept by the machine or the snapshot for the whole step: used without a retain, its lists
        // moved out and back by `swap` (a closure that consumed or assigned them would copy them).
        let unretainedBox = scopeBox.unsafelyUnwrapped
        var raised: [ChartSignal<StateID, Event>]?
        var requested: [ChartEffect<Event>]?
        unretainedBox._withUnsafeGuaranteedRef { box in
            box.scope.hasRequests = false
            if box.scope.raisedSignals != nil { swap(&raised, &box.scope.raisedSignals) }
            if box.scope.requestedEffects != nil { swap(&requested, &box.scope.requestedEffects) }
        }
        if let raised { madeBacklog().internalQueue.enqueue(contentsOf: raised) }
        guard var effects = requested.take() else { return }
        beginRecord()
        withUniqueRecords { records in
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
        unretainedBox._withUnsafeGuaranteedRef { swap(&$0.scope.spareEffects, &effects) }
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
