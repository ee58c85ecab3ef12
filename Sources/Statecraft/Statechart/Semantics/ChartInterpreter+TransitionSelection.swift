extension ChartInterpreter {
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
}
