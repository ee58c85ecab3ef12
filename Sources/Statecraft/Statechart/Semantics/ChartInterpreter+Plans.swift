extension ChartInterpreter {
    /// The microstep external event `event` takes in the snapshot's configuration, as a
    /// ``ChartMicrostepPlan``, computed by the functions a step runs (`selectTransitions`,
    /// `computeExitSet`, `computeEntrySet`) without running a guard or an action.
    ///
    /// When the selection would evaluate a guard, the plan is ``ChartMicrostepPlan/Kind/guarded`` if one
    /// atomic state alone has candidates for the event and at most four of them come before the first
    /// guardless one (the caller then plans each candidate's microstep: ``planMicrostep(enabling:)``), and
    /// ``ChartMicrostepPlan/Kind/unplanned`` otherwise.
    ///
    /// Called when the chart is built (``ChartTables/withMicrostepPlans(context:)``), on a snapshot of a
    /// legal configuration, for a chart with ``ChartTables/eventCandidates``.
    mutating func planMicrostep(for event: Event) -> ChartMicrostepPlan {
        guard let candidates = tables.eventCandidates, let column = candidates.column(of: event) else {
            return .unplanned
        }
        // The selection evaluates each atomic state's candidates in order up to the first whose guard holds.
        var statesWithCandidates = 0
        var guardedCandidates: ChartTransitionList?
        var fitsAPlan = true
        for state in snapshotPointer.pointee.active where tables.isAtomic(state) {
            let row = candidates.row(state, column: column)
            guard let first = row.first else { continue }
            statesWithCandidates += 1
            guard tables.transitions[Int(candidates.transitions[first])].guardCondition != nil else { continue }
            var list = ChartTransitionList()
            for position in row {
                let transition = Int(candidates.transitions[position])
                guard list.count < ChartTransitionList.inlineCapacity else {
                    fitsAPlan = false
                    break
                }
                list.append(transition)
                if tables.transitions[transition].guardCondition == nil { break }
            }
            guardedCandidates = list
        }
        if let guardedCandidates {
            // Candidates in two states may both hold, and then conflict: the selection must run.
            guard statesWithCandidates == 1, fitsAPlan else { return .unplanned }
            return ChartMicrostepPlan(kind: .guarded, transitions: guardedCandidates)
        }
        let enabled = selectTransitions(for: .event(event))
        if enabled.isEmpty { return .ignored }
        return planMicrostep(enabling: enabled)
    }

    /// The microstep that takes `enabled`, an optimal enabled transition set, in the snapshot's
    /// configuration, as a ``ChartMicrostepPlan/Kind/planned`` plan; ``ChartMicrostepPlan/Kind/unplanned`` when
    /// a transition's sets depend on history values, when exiting records a history value, or when more
    /// than four transitions are enabled.
    mutating func planMicrostep(enabling enabled: ChartTransitionList) -> ChartMicrostepPlan {
        guard enabled.count <= ChartTransitionList.inlineCapacity,
            !enabled.contains(where: { tables.plans[$0].isDynamic })
        else { return .unplanned }
        let exitSet = computeExitSet(enabled)
        guard !exitSet.contains(where: { !tables.historyChildren[$0].isEmpty }) else { return .unplanned }
        let (sets, isDynamic) = entrySets(enabled)
        guard !isDynamic, sets.defaultHistoryContent == nil, exitSet.spilled == nil,
            sets.statesToEnter.spilled == nil, sets.statesForDefaultEntry.spilled == nil
        else { return .unplanned }
        let configuration = snapshotPointer.pointee.active.low
        return ChartMicrostepPlan(
            kind: .planned, transitions: enabled, exitWord: exitSet.low, entryWord: sets.statesToEnter.low,
            defaultEntryWord: sets.statesForDefaultEntry.low,
            nextConfiguration: configuration & ~exitSet.low | sets.statesToEnter.low)
    }
}
