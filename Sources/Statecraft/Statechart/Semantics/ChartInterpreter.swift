/// The SCXML 1.0 Appendix D algorithm, run on a ``ChartSnapshot``.
///
/// An interpreter is a short-lived value: ``Statechart`` creates one per macrostep from the current snapshot,
/// runs it, and takes the next snapshot out of it. It performs no effect: sends and cancels are
/// recorded in the macrostep for the runtime to perform. Guards and actions run here because the
/// algorithm depends on them (a guard reads the context an earlier action wrote).
///
/// Each procedure carries the name it has in SCXML 1.0 §D.2, the algorithm's pseudo-code.
@usableFromInline
struct ChartInterpreter<StateID: Hashable & Sendable, Event, Context> {
    @usableFromInline typealias Signal = ChartSignal<StateID, Event>
    @usableFromInline typealias Tables = ChartTables<StateID, Event, Context>

    @usableFromInline let tables: Tables
    @usableFromInline var snapshot: ChartSnapshot<StateID, Event, Context>
    /// SCXML 1.0 §D.2 `internalQueue`: raised events and generated `done`/`error` signals.
    @usableFromInline var internalQueue = FIFOQueue<Signal>()
    /// SCXML's `_event`: the last signal selected, seen by guards and actions.
    @usableFromInline var currentSignal: Signal?
    @usableFromInline var microstep = ChartMicrostep<StateID>()
    @usableFromInline var microstepCount = 0

    /// Whether microsteps are recorded in ``ChartMacrostep/microsteps``.
    @usableFromInline let tracing: Bool

    /// An untraced interpreter picking up a macrostep that ``ChartSnapshot/takeSimpleStep(_:raised:)``
    /// began: `snapshot` already records the microsteps taken; `internalQueue` holds what they raised.
    @inlinable init(continuing snapshot: ChartSnapshot<StateID, Event, Context>, signal: Signal, internalQueue: [Signal]) {
        self.tracing = false
        self.tables = snapshot.tables
        self.snapshot = snapshot
        self.internalQueue = FIFOQueue(internalQueue)
        self.currentSignal = signal
        self.microstepCount = snapshot._lastMacrostep.microstepCount
    }

    @inlinable init(snapshot: ChartSnapshot<StateID, Event, Context>, tracing: Bool) {
        self.tracing = tracing
        self.tables = snapshot.tables
        self.snapshot = snapshot
        self.snapshot._lastMacrostep = ChartMacrostep()
    }

    // MARK: - Macrosteps

    /// SCXML 1.0 §D.2 `interpret`: enter the initial configuration (`enterStates` with the root's
    /// initial transition), then run the first macrostep to completion.
    @inlinable mutating func start() {
        let initial = tables.initialTransitions[0]
        if tracing { microstep.transitions.append("initial") }
        var initialList = ChartTransitionList()
        initialList.append(initial)
        enterStates(initialList)
        finishMicrostep()
        runToCompletion()
    }

    /// SCXML 1.0 §D.2 `mainEventLoop`, for one external event: select and take its transitions, then
    /// run eventless transitions and internal events until the chart settles.
    ///
    /// - Returns: Whether the event enabled a transition or raised an error the chart then processed;
    ///   `false` means the event was ignored and nothing changed.
    @inlinable mutating func handleExternal(_ signal: Signal) -> Bool {
        currentSignal = signal
        let enabled = selectTransitions(for: signal)
        if enabled.isEmpty && internalQueue.isEmpty { return false }
        if !enabled.isEmpty { takeMicrostep(enabled) }
        runToCompletion()
        return true
    }

    /// SCXML 1.0 §D.2 `mainEventLoop`, inner loop: eventless transitions first, then one internal event,
    /// until neither enables anything (the end of the macrostep; internal events before external ones,
    /// §3.13). Then, when a top-level final state was entered, `exitInterpreter`.
    @inlinable mutating func runToCompletion() {
        while !snapshot._isFinished {
            if microstepCount >= ChartSnapshot<StateID, Event, Context>.microstepLimit {
                snapshot._lastMacrostep.reachedMicrostepLimit = true
                break
            }
            var enabled = selectTransitions(for: nil)
            if enabled.isEmpty {
                guard let next = dequeueInternal() else { break }
                currentSignal = next
                enabled = selectTransitions(for: next)
            }
            if !enabled.isEmpty { takeMicrostep(enabled) }
        }
        internalQueue.removeAll()
        if snapshot._isFinished { exitInterpreter() }
    }

    /// SCXML 1.0 §D.2 `exitInterpreter`: exit every active state in exit order.
    @inlinable mutating func exitInterpreter() {
        if tracing { microstep.transitions.append("halt") }
        if !snapshot.active.isEmpty { snapshot._lastMacrostep.changedConfiguration = true }
        for state in snapshot.active.reversedIndices() {
            for action in tables.exitActionRanges[state] { run(tables.actions[action].body, state: state, phase: .exit) }
            snapshot.active.remove(state)
            if tracing, let id = tables.ids[state] { microstep.exited.append(id) }
        }
        finishMicrostep()
    }

    @inlinable mutating func dequeueInternal() -> Signal? {
        internalQueue.dequeue()
    }

    @inlinable mutating func finishMicrostep() {
        if tracing {
            snapshot._lastMacrostep.microsteps.append(microstep)
            microstep = ChartMicrostep()
        }
        microstepCount += 1
        snapshot._lastMacrostep.microstepCount = microstepCount
    }

    // MARK: - Selecting transitions

    /// SCXML 1.0 §D.2 `selectTransitions` (with a signal) and `selectEventlessTransitions` (without):
    /// for each active atomic state in document order, the first transition in document order of the
    /// state or of its nearest ancestor whose trigger matches and whose guard holds; then
    /// `removeConflictingTransitions`.
    @inlinable mutating func selectTransitions(for signal: Signal?) -> ChartTransitionList {
        var enabled = ChartTransitionList()
        for state in snapshot.active where tables.isAtomic(state) {
            var source = state
            search: while source > 0 {
                for index in tables.transitionRanges[source] {
                    // Read fields in place: copying a whole transition costs four retains.
                    if let signal {
                        guard tables.trigger(of: index, firesOn: signal) else { continue }
                    } else if tables.transitions[index].trigger != nil {
                        continue
                    }
                    if conditionMatch(index) {
                        if !enabled.contains(index) { enabled.append(index) }
                        break search
                    }
                }
                source = tables.parents[source]
            }
        }
        return enabled.count > 1 ? removeConflictingTransitions(enabled) : enabled
    }

    /// SCXML 1.0 §5.9: a guard that throws counts as false and raises `error.execution`.
    @inlinable mutating func conditionMatch(_ index: Int) -> Bool {
        guard let condition = tables.transitions[index].guardCondition else { return true }
        do {
            return try condition(snapshot._context, makeScope())
        } catch {
            raiseError(error, state: tables.transitions[index].source, phase: .guard)
            return false
        }
    }

    /// SCXML 1.0 §D.2 `removeConflictingTransitions`: the optimal enabled transition set. Two transitions
    /// conflict when their exit sets intersect; a transition whose source is a descendant of the other's
    /// source preempts it, otherwise the one selected first (document order of the selecting atomic
    /// states) wins.
    ///
    /// Exit sets are recomputed rather than stored, so that the filtering allocates nothing for up to
    /// four enabled transitions.
    @inlinable func removeConflictingTransitions(_ enabled: ChartTransitionList) -> ChartTransitionList {
        var filtered = ChartTransitionList()
        for first in enabled {
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
    @inlinable mutating func takeMicrostep(_ enabled: ChartTransitionList) {
        if tracing {
            for index in enabled {
                microstep.transitions.append(tables.transitions[index].trigger?.label ?? "eventless")
                microstep._transitionIndices.append(index)
            }
        }
        exitStates(enabled)
        // SCXML 1.0 §D.2 `executeTransitionContent`, in the order of the optimal enabled set.
        for index in enabled {
            if let action = tables.transitions[index].action {
                run(action, state: tables.transitions[index].source, phase: .transition)
            }
        }
        enterStates(enabled)
        finishMicrostep()
    }

    /// SCXML 1.0 §D.2 `computeExitSet`: the active descendants of each transition's domain.
    /// Targetless transitions exit nothing.
    @inlinable func computeExitSet(_ transitions: ChartTransitionList) -> ChartStateSet {
        var exitSet = ChartStateSet()
        for index in transitions where !tables.transitions[index].targets.isEmpty {
            guard let domain = transitionDomain(index) else { continue }
            let end = tables.ends[domain]
            if end <= 64 {
                // The descendants of `domain` are the indices domain + 1 ..< end: one mask.
                let below: UInt64 = end == 64 ? ~0 : (1 << UInt64(end)) - 1
                let upToDomain: UInt64 = domain >= 63 ? ~0 : (1 << UInt64(domain + 1)) - 1
                let descendants = below & ~upToDomain
                exitSet.low |= snapshot.active.low & descendants
                continue
            }
            for state in snapshot.active where tables.isDescendant(state, of: domain) {
                exitSet.insert(state)
            }
        }
        return exitSet
    }

    /// SCXML 1.0 §D.2 `exitStates`: record history for every state about to be exited (§3.10), then
    /// exit the states in exit order — reverse document order, descendants before ancestors — running
    /// their exit actions.
    @inlinable mutating func exitStates(_ enabled: ChartTransitionList) {
        let exitSet = computeExitSet(enabled)
        if exitSet.isEmpty { return }
        snapshot._lastMacrostep.changedConfiguration = true
        for state in exitSet {
            for history in tables.historyChildren[state] {
                var recorded = ChartStateSet()
                if case .history(.deep) = tables.kinds[history] {
                    for active in snapshot.active
                    where tables.isAtomic(active) && tables.isDescendant(active, of: state) {
                        recorded.insert(active)
                    }
                } else {
                    for active in snapshot.active where tables.parents[active] == state {
                        recorded.insert(active)
                    }
                }
                snapshot.history[history] = recorded
            }
        }
        for state in exitSet.reversedIndices() {
            for action in tables.exitActionRanges[state] { run(tables.actions[action].body, state: state, phase: .exit) }
            snapshot.active.remove(state)
            if tracing, let id = tables.ids[state] { microstep.exited.append(id) }
        }
    }

    /// SCXML 1.0 §D.2 `enterStates`: compute the entry set, then enter its states in entry order —
    /// document order, ancestors before descendants — running entry actions, then the initial
    /// transition's content for states entered by default, then a history default transition's
    /// content. Entering a final state raises `done.state` for its parent and, when that completes a
    /// parallel grandparent, for the grandparent too (§3.7.1); a top-level final state halts the chart.
    @inlinable mutating func enterStates(_ enabled: ChartTransitionList) {
        var statesToEnter = ChartStateSet()
        var statesForDefaultEntry = ChartStateSet()
        var defaultHistoryContent: [Int: Int] = [:]
        computeEntrySet(
            enabled, statesToEnter: &statesToEnter, statesForDefaultEntry: &statesForDefaultEntry,
            defaultHistoryContent: &defaultHistoryContent)
        if !statesToEnter.isEmpty { snapshot._lastMacrostep.changedConfiguration = true }
        for state in statesToEnter {
            snapshot.active.insert(state)
            if tracing, let id = tables.ids[state] { microstep.entered.append(id) }
            for action in tables.entryActionRanges[state] { run(tables.actions[action].body, state: state, phase: .entry) }
            if statesForDefaultEntry.contains(state),
                let action = tables.transitions[tables.initialTransitions[state]].action
            {
                run(action, state: state, phase: .transition)
            }
            if let history = defaultHistoryContent[state], let action = tables.transitions[history].action {
                run(action, state: tables.transitions[history].source, phase: .transition)
            }
            guard tables.isFinal(state) else { continue }
            let parent = tables.parents[state]
            if parent == 0 {
                snapshot._isFinished = true
                snapshot.finalIndex = state
                continue
            }
            guard let parentID = tables.ids[parent] else {
                preconditionFailure("Internal inconsistency: a state without identifier below the root")
            }
            internalQueue.enqueue(.done(parentID))
            let grandparent = tables.parents[parent]
            if grandparent > 0, tables.isParallel(grandparent),
                tables.childStates[grandparent].allSatisfy({ isInFinalState($0) }),
                let grandparentID = tables.ids[grandparent]
            {
                internalQueue.enqueue(.done(grandparentID))
            }
        }
    }

    /// SCXML 1.0 §D.2 `computeEntrySet`.
    @inlinable func computeEntrySet(
        _ transitions: ChartTransitionList, statesToEnter: inout ChartStateSet,
        statesForDefaultEntry: inout ChartStateSet,
        defaultHistoryContent: inout [Int: Int]
    ) {
        for index in transitions {
            for target in tables.transitions[index].targets {
                addDescendantStatesToEnter(
                    target, statesToEnter: &statesToEnter, statesForDefaultEntry: &statesForDefaultEntry,
                    defaultHistoryContent: &defaultHistoryContent)
            }
            guard let ancestor = transitionDomain(index) else { continue }
            for target in effectiveTargetStates(index) {
                addAncestorStatesToEnter(
                    target, upTo: ancestor, statesToEnter: &statesToEnter,
                    statesForDefaultEntry: &statesForDefaultEntry, defaultHistoryContent: &defaultHistoryContent)
            }
        }
    }

    /// SCXML 1.0 §D.2 `addDescendantStatesToEnter`: a history state enters its recorded states, or its
    /// default transition's targets; a compound state its initial targets; a parallel state every
    /// region that has no descendant in the set yet.
    @inlinable func addDescendantStatesToEnter(
        _ state: Int, statesToEnter: inout ChartStateSet, statesForDefaultEntry: inout ChartStateSet,
        defaultHistoryContent: inout [Int: Int]
    ) {
        if tables.isHistory(state) {
            let parent = tables.parents[state]
            let targets: [Int]
            if let recorded = snapshot.history[state] {
                targets = recorded.indices()
            } else {
                let defaultTransition = tables.initialTransitions[state]
                defaultHistoryContent[parent] = defaultTransition
                targets = tables.transitions[defaultTransition].targets
            }
            for target in targets {
                addDescendantStatesToEnter(
                    target, statesToEnter: &statesToEnter, statesForDefaultEntry: &statesForDefaultEntry,
                    defaultHistoryContent: &defaultHistoryContent)
            }
            for target in targets {
                addAncestorStatesToEnter(
                    target, upTo: parent, statesToEnter: &statesToEnter,
                    statesForDefaultEntry: &statesForDefaultEntry, defaultHistoryContent: &defaultHistoryContent)
            }
            return
        }
        statesToEnter.insert(state)
        if tables.isCompound(state) {
            statesForDefaultEntry.insert(state)
            let targets = tables.transitions[tables.initialTransitions[state]].targets
            for target in targets {
                addDescendantStatesToEnter(
                    target, statesToEnter: &statesToEnter, statesForDefaultEntry: &statesForDefaultEntry,
                    defaultHistoryContent: &defaultHistoryContent)
            }
            for target in targets {
                addAncestorStatesToEnter(
                    target, upTo: state, statesToEnter: &statesToEnter,
                    statesForDefaultEntry: &statesForDefaultEntry, defaultHistoryContent: &defaultHistoryContent)
            }
        } else if tables.isParallel(state) {
            for child in tables.childStates[state]
            where !statesToEnter.containsAny(in: (child + 1)..<tables.ends[child]) {
                addDescendantStatesToEnter(
                    child, statesToEnter: &statesToEnter, statesForDefaultEntry: &statesForDefaultEntry,
                    defaultHistoryContent: &defaultHistoryContent)
            }
        }
    }

    /// SCXML 1.0 §D.2 `addAncestorStatesToEnter`: the proper ancestors of `state` below `ancestor`, and
    /// for each parallel one, the regions that have no descendant in the set yet.
    @inlinable func addAncestorStatesToEnter(
        _ state: Int, upTo ancestor: Int, statesToEnter: inout ChartStateSet,
        statesForDefaultEntry: inout ChartStateSet, defaultHistoryContent: inout [Int: Int]
    ) {
        var current = tables.parents[state]
        while current > 0 && current != ancestor {
            statesToEnter.insert(current)
            if tables.isParallel(current) {
                for child in tables.childStates[current]
                where !statesToEnter.containsAny(in: (child + 1)..<tables.ends[child]) {
                    addDescendantStatesToEnter(
                        child, statesToEnter: &statesToEnter, statesForDefaultEntry: &statesForDefaultEntry,
                        defaultHistoryContent: &defaultHistoryContent)
                }
            }
            current = tables.parents[current]
        }
    }

    /// SCXML 1.0 §D.2 `isInFinalState`.
    @inlinable func isInFinalState(_ state: Int) -> Bool {
        if tables.isCompound(state) {
            return tables.childStates[state].contains { tables.isFinal($0) && snapshot.active.contains($0) }
        }
        if tables.isParallel(state) {
            return tables.childStates[state].allSatisfy { isInFinalState($0) }
        }
        return false
    }

    // MARK: - Transition domains

    /// SCXML 1.0 §D.2 `getTransitionDomain`: `nil` for a targetless transition; the source for an
    /// internal transition of a compound state whose targets are all its descendants (§3.13); otherwise
    /// the least common compound ancestor of the source and the targets. The chart's initial
    /// transition has the root as its domain.
    @inlinable func transitionDomain(_ index: Int) -> Int? {
        let source = tables.transitions[index].source
        if source == 0 { return 0 }
        let targets = effectiveTargetStates(index)
        if targets.isEmpty { return nil }
        if tables.transitions[index].isInternal, tables.isCompound(source),
            targets.allSatisfy({ tables.isDescendant($0, of: source) })
        {
            return source
        }
        return findLCCA(source, targets)
    }

    /// SCXML 1.0 §D.2 `findLCCA`: the nearest proper ancestor of `head` that is compound (or the root)
    /// and has every state of `tail` as a descendant.
    @inlinable func findLCCA(_ head: Int, _ tail: [Int]) -> Int {
        var ancestor = tables.parents[head]
        while ancestor > 0 {
            if tables.isCompound(ancestor), tail.allSatisfy({ tables.isDescendant($0, of: ancestor) }) {
                return ancestor
            }
            ancestor = tables.parents[ancestor]
        }
        return 0
    }

    /// SCXML 1.0 §D.2 `getEffectiveTargetStates`: the targets, with each history state replaced by its
    /// recorded states or, when none, by its default transition's effective targets.
    @inlinable func effectiveTargetStates(_ index: Int) -> [Int] {
        let targets = tables.transitions[index].targets
        guard targets.contains(where: { tables.isHistory($0) }) else { return targets }
        var result: [Int] = []
        for target in targets {
            if tables.isHistory(target) {
                let resolved = snapshot.history[target]?.indices()
                    ?? effectiveTargetStates(tables.initialTransitions[target])
                for state in resolved where !result.contains(state) { result.append(state) }
            } else if !result.contains(target) {
                result.append(target)
            }
        }
        return result
    }

    // MARK: - Running guards and actions

    @inlinable func makeScope() -> ChartScope<StateID, Event> {
        ChartScope(signal: currentSignal, stateIndex: tables.stateIndex, configuration: snapshot.active)
    }

    /// Runs one block of executable content. SCXML 1.0 §4.9: an error stops the block and raises
    /// `error.execution` after the events the block raised before failing.
    @inlinable mutating func run(
        _ action: ChartAction<StateID, Event, Context>, state: Int, phase: ChartExecutionError.Phase
    ) {
        var scope = makeScope()
        var failure: (any Error)?
        do {
            try action(&snapshot._context, &scope)
        } catch {
            failure = error
        }
        if !scope.raised.isEmpty { internalQueue.enqueue(contentsOf: scope.raised) }
        if !scope.effects.isEmpty { snapshot._lastMacrostep.effects.append(contentsOf: scope.effects) }
        if let failure { raiseError(failure, state: state, phase: phase) }
    }

    /// SCXML 1.0 §3.12.2: place `error.execution` on the internal queue.
    @inlinable mutating func raiseError(_ error: any Error, state: Int, phase: ChartExecutionError.Phase) {
        let executionError = ChartExecutionError(state: tables.name(of: state), phase: phase, underlying: error)
        snapshot._lastMacrostep.errors.append(executionError)
        internalQueue.enqueue(.error(executionError))
    }
}
