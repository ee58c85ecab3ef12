extension ChartSnapshot {
    /// Not API: the ways the configuration breaks the rules every legal SCXML configuration follows
    /// (SCXML 1.0 §3.11), empty when it follows them:
    /// - it is closed under ancestors: the parent of every active state is active (or the root);
    /// - an active compound state (and the root, until the chart finishes) has exactly one active child;
    /// - an active parallel state has all its regions active;
    /// - no history state is active;
    /// - a finished chart is in its top-level final state, or in no state once it has halted;
    /// - the row of plans the snapshot keeps, if any, is its configuration's.
    ///
    /// Debug builds check it after every microstep (see ``_checkInvariants()``); tests call it directly.
    /// - Complexity: O(*n*) in the number of states of the chart.
    public var _invariantViolations: [String] {
        var violations: [String] = []
        if _isFinished {
            if active.isEmpty { return violations }
            if !active.contains(finalIndex) { violations.append("a finished chart is not in its final state") }
        }
        for state in active {
            guard state > 0, state < tables.count else {
                violations.append("index \(state) is not a state")
                continue
            }
            let parent = tables.parents[state]
            if parent > 0 && !active.contains(parent) {
                violations.append(
                    "'\(tables.name(of: state))' is active but its parent '\(tables.name(of: parent))' is not")
            }
            if tables.isHistory(state) { violations.append("history state '\(tables.name(of: state))' is active") }
            if tables.isCompound(state) {
                let count = tables.childStates[state].filter { active.contains($0) }.count
                if count != 1 {
                    violations.append("compound state '\(tables.name(of: state))' has \(count) active children")
                }
            }
            if tables.isParallel(state) {
                for region in tables.childStates[state] where !active.contains(region) {
                    violations.append(
                        "region '\(tables.name(of: region))' of active parallel state '\(tables.name(of: state))' is not active"
                    )
                }
            }
        }
        if planRowStart >= 0,
            tables.microstepPlanStorage.map({
                Int(planRowStart) % $0.plans.columnCount != 0
                    || Int(planRowStart) / $0.plans.columnCount >= $0.configurations.count
                    || $0.configurations[Int(planRowStart) / $0.plans.columnCount] != active.low
            }) ?? true
        {
            violations.append("the configuration's plan row \(planRowStart) is another configuration's")
        }
        let topLevel = tables.childStates[0].filter { active.contains($0) }.count
        if topLevel != 1 { violations.append("the chart has \(topLevel) active top-level states") }
        return violations
    }

    /// Not API: stops the program when the configuration breaks an invariant of
    /// ``_invariantViolations``. Only debug builds call it, after every microstep and the macrostep's end.
    @usableFromInline func _checkInvariants() {
        let violations = _invariantViolations
        if !violations.isEmpty {
            preconditionFailure("Internal inconsistency: illegal configuration: \(violations.joined(separator: "; "))")
        }
    }
}
