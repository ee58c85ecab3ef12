extension ChartInterpreter {
    /// The microstep external event `event` takes in the snapshot's configuration, as a
    /// ``ChartMicrostepPlan``, computed by the functions a step runs (`selectTransitions`,
    /// `computeExitSet`, `computeEntrySet`) without running a guard or an action: the plan is
    /// ``ChartMicrostepPlan/Kind/unplanned`` when the selection would evaluate a guard, when a transition's
    /// sets depend on history values, when exiting records a history value, or when more than four
    /// transitions are enabled.
    ///
    /// Called when the chart is built (``ChartTables/withMicrostepPlans(context:)``), on a snapshot of a
    /// legal configuration, for a chart with ``ChartTables/eventCandidates``.
    mutating func planMicrostep(for event: Event) -> ChartMicrostepPlan {
        guard let candidates = tables.eventCandidates, let column = candidates.column(of: event) else {
            return .unplanned
        }
        // The selection evaluates each atomic state's candidates in order up to the first whose guard holds:
        // plan only when that is the first guardless one, and no guard comes before it.
        for state in snapshotPointer.pointee.active where tables.isAtomic(state) {
            for position in candidates.row(state, column: column) {
                if tables.transitions[Int(candidates.transitions[position])].guardCondition != nil { return .unplanned }
                break
            }
        }
        let enabled = selectTransitions(for: .event(event))
        if enabled.isEmpty { return .ignored }
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
