extension ChartTables {
    /// The same tables with the microstep each event takes in each legal configuration
    /// (``ChartMicrostepPlans``), when the chart has at most 64 states, its events are tabulated
    /// (``eventCandidates``) and it has at most ``ChartMicrostepPlans/configurationLimit`` legal configurations
    /// and ``ChartMicrostepPlans/planLimit`` plans; otherwise the tables unchanged.
    ///
    /// Each plan is computed by the interpreter's own functions (``ChartInterpreter/planMicrostep(for:)``)
    /// on a snapshot in that configuration; no guard or action runs.
    /// - Parameter context: A context for the snapshots the plans are computed on (never read).
    func withMicrostepPlans(context: Context) -> ChartTables {
        guard count <= 64, let candidates = eventCandidates,
            let cases = LogicTable<Void, Event, Void>.tabulableCases(of: Event.self, atMost: 255),
            let configurations = legalConfigurations(limit: ChartMicrostepPlans.configurationLimit),
            configurations.count * candidates.columnCount <= ChartMicrostepPlans.planLimit
        else { return self }
        // The event of each column (a value `allCases` lists twice has its first column).
        var events = [Event?](repeating: nil, count: candidates.columnCount)
        for event in cases {
            if let column = candidates.column(of: event), events[column] == nil { events[column] = event }
        }
        var plans: [ChartMicrostepPlan] = []
        plans.reserveCapacity(configurations.count * candidates.columnCount)
        var snapshot = ChartSnapshot(tables: self, context: context)
        for configuration in configurations {
            snapshot.active = ChartStateSet(low: configuration)
            for column in 0..<candidates.columnCount {
                guard let event = events[column] else {
                    plans.append(.unplanned)
                    continue
                }
                plans.append(
                    ChartInterpreter.withInterpreter(stepping: &snapshot, tracing: false, bound: .max) {
                        $0.planMicrostep(for: event)
                    })
            }
        }
        return with(
            microstepPlans: ChartMicrostepPlans.make(
                configurations: configurations, plans: plans, columns: candidates.columns,
                columnCount: candidates.columnCount))
    }

    /// Every legal configuration of a chart of at most 64 states, as words: the states a configuration
    /// holds are ancestor-closed, a compound state (and the root) has exactly one active child and a
    /// parallel state all of them (SCXML 1.0 §3.11). `nil` when there are more than `limit`.
    func legalConfigurations(limit: Int) -> [UInt64]? {
        func configurations(of state: Int) -> [UInt64]? {
            let bit: UInt64 = state == 0 ? 0 : 1 << UInt64(state)
            switch kinds[state] {
            case .atomic, .final:
                return [bit]
            case .history:
                return []
            case .parallel:
                var result = [bit]
                for child in childStates[state] {
                    guard let region = configurations(of: child), result.count * region.count <= limit else {
                        return nil
                    }
                    result = result.flatMap { partial in region.map { partial | $0 } }
                }
                return result
            case .root, .compound:
                var result: [UInt64] = []
                for child in childStates[state] {
                    guard let below = configurations(of: child) else { return nil }
                    result += below.map { $0 | bit }
                    if result.count > limit { return nil }
                }
                return result
            }
        }
        guard count <= 64 else { return nil }
        return configurations(of: 0)
    }
}
