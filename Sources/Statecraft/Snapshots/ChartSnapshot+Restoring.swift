extension ChartSnapshot {
    /// The live snapshot of `chart` that `saved` describes: the configuration, history values, context
    /// and final state, with an empty last macrostep. Nothing runs.
    ///
    /// - Throws: ``SnapshotError/unknownState(_:place:)`` for a state the chart does not have,
    ///   ``SnapshotError/notAHistoryState(_:)`` for history recorded on another kind of state.
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
    }

    /// The recorded history values, by history state in document order.
    var savedHistories: [(history: StateID, states: [StateID])] {
        history.keys.sorted().compactMap { index in
            guard let id = tables.ids[index], let states = recordedHistory(id) else { return nil }
            return (id, states)
        }
    }
}
