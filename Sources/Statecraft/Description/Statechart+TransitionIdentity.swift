extension Statechart {
    /// The transitions each microstep of `macrostep` took, as positions in
    /// ``machineDescription(name:)``'s ``MachineDescription/transitions``, in the order they ran.
    ///
    /// Tools that relate a run to the chart's structure — transition coverage, validation, state-space
    /// exploration — read the taken transitions here instead of matching labels, which several
    /// transitions may share. Microsteps are recorded only by a tracing chart (``tracing(_:)``, on by
    /// default); the initial and halting microsteps take no described transition, but any microstep may
    /// take a history state's default transition, listed after the microstep's own.
    ///
    /// ```swift
    /// if let next = chart.step(chart.start(), on: .play) {
    ///     chart.describedTransitions(of: next.lastMacrostep)   // [[0]]: the first transition described
    /// }
    /// ```
    ///
    /// - Parameter macrostep: A macrostep recorded by this chart.
    /// - Returns: One list per microstep.
    /// - Complexity: O(*n* + *t*) in the number of states of the chart and transitions taken.
    public func describedTransitions(of macrostep: ChartMacrostep<StateID, Event>) -> [[Int]] {
        let positions = _describedTransitionPositions
        return macrostep.microsteps.map { microstep in
            microstep._transitionIndices.compactMap { index in
                index < positions.count && positions[index] >= 0 ? positions[index] : nil
            }
        }
    }

    /// For each entry of the compiled transition table, its position in ``machineDescription(name:)``'s
    /// transitions, or -1 for an initial transition of the chart or of a compound state (which the
    /// description does not list); a history state's default transition is listed.
    ///
    /// Follows the description's order: states in document order, each state's transitions in document
    /// order, then a history state's default transition. Not API: public so that tools stepping a chart
    /// many times compute it once.
    /// - Complexity: O(*n*) in the number of states and transitions of the chart.
    public var _describedTransitionPositions: [Int] {
        var positions = Array(repeating: -1, count: tables.transitions.count)
        var position = 0
        for index in 1..<tables.count {
            for transition in tables.transitionRanges[index] {
                positions[transition] = position
                position += 1
            }
            if tables.isHistory(index) {
                positions[tables.initialTransitions[index]] = position
                position += 1
            }
        }
        return positions
    }
}
