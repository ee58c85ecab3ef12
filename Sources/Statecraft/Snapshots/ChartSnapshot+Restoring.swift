extension ChartSnapshot {
    /// The live snapshot of `chart` that `saved` describes: the configuration, history values, context
    /// and final state, with an empty last macrostep. Nothing runs.
    ///
    /// - Throws: ``SnapshotError/unknownState(_:place:)`` for a state the chart does not have,
    ///   ``SnapshotError/notAHistoryState(_:)`` for history recorded on another kind of state,
    ///   ``SnapshotError/illegalConfiguration(_:)`` for a configuration, final state or history value the
    ///   chart cannot be in.
    /// - Complexity: O(*n*) in the number of states named by `saved`.
    init(restoring saved: StatechartSnapshot<StateID, Event, Context>, of chart: Statechart<StateID, Event, Context>)
        throws(SnapshotError)
    where StateID: Codable, Event: Codable & Sendable, Context: Codable & Sendable {
        let tables = chart.tables
        func index(of id: StateID, in place: String) throws(SnapshotError) -> Int {
            guard let index = tables.stateIndex[id] else { throw .unknownState(String(describing: id), place: place) }
            return index
        }
        self.init(tables: tables, context: saved.context)
        for id in saved.configuration { active.insert(try index(of: id, in: "configuration")) }
        for recorded in saved.histories {
            let historyIndex = try index(of: recorded.history, in: "history")
            guard case .history = tables.kinds[historyIndex] else {
                throw .notAHistoryState(String(describing: recorded.history))
            }
            var states = ChartStateSet()
            for id in recorded.states {
                states.insert(try index(of: id, in: "history of \(String(describing: recorded.history))"))
            }
            history[historyIndex] = states
        }
        if let final = saved.finalState {
            finalIndex = try index(of: final, in: "final state")
            _isFinished = true
        }
        // A snapshot is input: a configuration the chart cannot be in would stop the program at the next
        // microstep's invariant check, or make the next event exit states that were never entered.
        let problems = restoredStateProblems
        guard problems.isEmpty else { throw .illegalConfiguration(problems) }
    }

    /// The ways the restored configuration, final state and history values break the rules of a legal
    /// configuration (SCXML 1.0 §3.11): the live invariants (``_invariantViolations``), a final state that
    /// is not a top-level final state, and history values no exit could have recorded.
    ///
    /// - Complexity: O(*n*) in the number of states of the chart, plus the recorded history values.
    private var restoredStateProblems: [String] {
        var problems = _invariantViolations
        if _isFinished && !(tables.isFinal(finalIndex) && tables.parents[finalIndex] == 0) {
            problems.append("the final state '\(tables.name(of: finalIndex))' is not a top-level final state")
        }
        for historyIndex in history.keys.sorted() {
            guard case .history(let depth) = tables.kinds[historyIndex], let states = history[historyIndex] else {
                continue
            }
            problems += historyProblems(historyIndex, depth: depth, recorded: states)
        }
        return problems
    }

    /// What is wrong with the value recorded for one history state: each recorded state must be a child
    /// (shallow) or an atomic descendant (deep) of the history's parent, and together they must not make a
    /// compound state enter two children.
    private func historyProblems(_ historyIndex: Int, depth: ChartHistoryDepth, recorded: ChartStateSet) -> [String] {
        let parent = tables.parents[historyIndex]
        let name = tables.name(of: historyIndex)
        var problems: [String] = []
        var entered: Set<Int> = []
        for state in recorded {
            let fits =
                switch depth {
                case .shallow: tables.parents[state] == parent && !tables.isHistory(state)
                case .deep: tables.isDescendant(state, of: parent) && tables.isAtomic(state)
                }
            guard fits else {
                let wanted = depth == .shallow ? "a child" : "an atomic descendant"
                problems.append(
                    "history '\(name)' records '\(tables.name(of: state))', which is not \(wanted) of '\(tables.name(of: parent))'"
                )
                continue
            }
            var ancestor = state
            while ancestor != parent && ancestor > 0 {
                entered.insert(ancestor)
                ancestor = tables.parents[ancestor]
            }
        }
        if recorded.isEmpty {
            problems.append("history '\(name)' records no state")
        }
        for state in entered.union([parent]).sorted() where tables.isCompound(state, includingRoot: true) {
            let count = tables.childStates[state].filter { entered.contains($0) }.count
            if count > 1 {
                problems.append(
                    "history '\(name)' records \(count) children of compound state '\(tables.name(of: state))'")
            }
        }
        return problems
    }

    /// The recorded history values, by history state in document order.
    var savedHistories: [(history: StateID, states: [StateID])] {
        history.keys.sorted().compactMap { index in
            guard let id = tables.ids[index], let states = recordedHistory(id) else { return nil }
            return (id, states)
        }
    }
}
