extension ChartTables {
    /// The recorded history values a computation may read, and whether it read any.
    ///
    /// At build time (``makePlans()``) nothing is recorded: a computation that looks a history value up
    /// depends on the run, and its plan is marked dynamic. During a step, the snapshot's values.
    @usableFromInline
    struct HistoryLookup {
        @usableFromInline let recorded: [Int: ChartStateSet]
        /// Whether a history state was resolved (its value or its default transition).
        @usableFromInline var wasUsed = false

        @inlinable init(recorded: [Int: ChartStateSet]) { self.recorded = recorded }

        @inlinable mutating func value(of history: Int) -> ChartStateSet? {
            wasUsed = true
            return recorded[history]
        }
    }

    /// The sets SCXML 1.0 §D.2 `computeEntrySet` fills.
    @usableFromInline
    struct EntrySets {
        @usableFromInline var statesToEnter = ChartStateSet()
        @usableFromInline var statesForDefaultEntry = ChartStateSet()
        /// For a parent whose history state had no value: the history's default transition, whose
        /// content runs after the parent's entry actions. `nil` while empty, so that a step reading a
        /// static plan builds no dictionary.
        @usableFromInline var defaultHistoryContent: [Int: Int]?

        @inlinable init() {}
    }

    // MARK: - Transition domains

    /// SCXML 1.0 §D.2 `getTransitionDomain`: `nil` for a targetless transition; the source for an
    /// internal transition of a compound state whose targets are all its descendants (§3.13); otherwise
    /// the least common compound ancestor of the source and the targets. The chart's initial
    /// transition has the root as its domain.
    @inlinable func transitionDomain(_ index: Int, history: inout HistoryLookup) -> Int? {
        let source = transitions[index].source
        if source == 0 { return 0 }
        let targets = effectiveTargetStates(index, history: &history)
        if targets.isEmpty { return nil }
        if transitions[index].isInternal, isCompound(source), targets.allSatisfy({ isDescendant($0, of: source) }) {
            return source
        }
        return findLCCA(source, targets)
    }

    /// SCXML 1.0 §D.2 `findLCCA`: the nearest proper ancestor of `head` that is compound (or the root)
    /// and has every state of `tail` as a descendant.
    @inlinable func findLCCA(_ head: Int, _ tail: [Int]) -> Int {
        var ancestor = parents[head]
        while ancestor > 0 {
            if isCompound(ancestor), tail.allSatisfy({ isDescendant($0, of: ancestor) }) { return ancestor }
            ancestor = parents[ancestor]
        }
        return 0
    }

    /// SCXML 1.0 §D.2 `getEffectiveTargetStates`: the targets, with each history state replaced by its
    /// recorded states or, when none, by its default transition's effective targets.
    @inlinable func effectiveTargetStates(_ index: Int, history: inout HistoryLookup) -> [Int] {
        let targets = transitions[index].targets
        guard targets.contains(where: { isHistory($0) }) else { return targets }
        var result: [Int] = []
        for target in targets {
            if isHistory(target) {
                let resolved =
                    history.value(of: target)?.indices()
                    ?? effectiveTargetStates(initialTransitions[target], history: &history)
                for state in resolved where !result.contains(state) { result.append(state) }
            } else if !result.contains(target) {
                result.append(target)
            }
        }
        return result
    }

    /// The states whose active members a transition with domain `domain` exits: the proper descendants
    /// of the domain (SCXML 1.0 §D.2 `computeExitSet` intersects them with the configuration), the
    /// indices after the domain's up to its ``ends`` (states are numbered in document order).
    @inlinable func exitScope(ofDomain domain: Int) -> Range<Int> {
        (domain + 1)..<ends[domain]
    }

    // MARK: - Entry sets

    /// SCXML 1.0 §D.2 `computeEntrySet`.
    @inlinable func computeEntrySet(
        _ transitionIndices: ChartTransitionList, history: inout HistoryLookup, into sets: inout EntrySets
    ) {
        for index in transitionIndices {
            for target in transitions[index].targets {
                addDescendantStatesToEnter(target, history: &history, into: &sets)
            }
            guard let ancestor = transitionDomain(index, history: &history) else { continue }
            for target in effectiveTargetStates(index, history: &history) {
                addAncestorStatesToEnter(target, upTo: ancestor, history: &history, into: &sets)
            }
        }
    }

    /// SCXML 1.0 §D.2 `addDescendantStatesToEnter`: a history state enters its recorded states, or its
    /// default transition's targets; a compound state its initial targets; a parallel state every
    /// region that has no descendant in the set yet.
    @inlinable func addDescendantStatesToEnter(_ state: Int, history: inout HistoryLookup, into sets: inout EntrySets) {
        if isHistory(state) {
            let parent = parents[state]
            let targets: [Int]
            if let recorded = history.value(of: state) {
                targets = recorded.indices()
            } else {
                let defaultTransition = initialTransitions[state]
                sets.defaultHistoryContent = sets.defaultHistoryContent ?? [:]
                sets.defaultHistoryContent?[parent] = defaultTransition
                targets = transitions[defaultTransition].targets
            }
            for target in targets { addDescendantStatesToEnter(target, history: &history, into: &sets) }
            for target in targets { addAncestorStatesToEnter(target, upTo: parent, history: &history, into: &sets) }
            return
        }
        sets.statesToEnter.insert(state)
        if isCompound(state) {
            sets.statesForDefaultEntry.insert(state)
            let targets = transitions[initialTransitions[state]].targets
            for target in targets { addDescendantStatesToEnter(target, history: &history, into: &sets) }
            for target in targets { addAncestorStatesToEnter(target, upTo: state, history: &history, into: &sets) }
        } else if isParallel(state) {
            for child in childStates[state] where !sets.statesToEnter.containsAny(in: (child + 1)..<ends[child]) {
                addDescendantStatesToEnter(child, history: &history, into: &sets)
            }
        }
    }

    /// SCXML 1.0 §D.2 `addAncestorStatesToEnter`: the proper ancestors of `state` below `ancestor`, and
    /// for each parallel one, the regions that have no descendant in the set yet.
    @inlinable func addAncestorStatesToEnter(
        _ state: Int, upTo ancestor: Int, history: inout HistoryLookup, into sets: inout EntrySets
    ) {
        var current = parents[state]
        while current > 0 && current != ancestor {
            sets.statesToEnter.insert(current)
            if isParallel(current) {
                for child in childStates[current]
                where !sets.statesToEnter.containsAny(in: (child + 1)..<ends[child]) {
                    addDescendantStatesToEnter(child, history: &history, into: &sets)
                }
            }
            current = parents[current]
        }
    }

    // MARK: - Plans

    /// The plan of every transition (initial and history default transitions included), computed once
    /// by the functions above with no history recorded: a plan whose computation resolved a history
    /// state is marked dynamic, and steps recompute its sets with the run's history values.
    /// - Complexity: O(*t* × *n*/64) in the number of transitions and states, for the entry sets.
    func makePlans() -> [ChartTransitionPlan] {
        transitions.indices.map { index in
            var history = HistoryLookup(recorded: [:])
            let domain = transitionDomain(index, history: &history)
            var sets = EntrySets()
            computeEntrySet(ChartTransitionList(single: index), history: &history, into: &sets)
            if history.wasUsed { return ChartTransitionPlan.dynamic }
            guard let domain else { return ChartTransitionPlan.targetless }
            return ChartTransitionPlan(
                isDynamic: false, exitScope: exitScope(ofDomain: domain), entrySet: sets.statesToEnter,
                defaultEntrySet: sets.statesForDefaultEntry)
        }
    }
}
