extension ChartTables {
    /// The plan of every transition of a simple chart (see ``simplePlans``), or an empty array when the
    /// chart is not simple.
    ///
    /// The sets mirror SCXML 1.0 §D.2 `getTransitionDomain`, `addDescendantStatesToEnter` and
    /// `addAncestorStatesToEnter`: without history states no target depends on the configuration, and
    /// without parallel states no region has to be completed, so the sets are the same on every step.
    /// - Complexity: O(*t* × *d*) in the number of transitions and the depth of the chart.
    static func simplePlans(
        kinds: [NodeKind], parents: [Int], ends: [Int], transitions: [Transition], initialTransitions: [Int]
    ) -> [SimplePlan?] {
        let isSimple = kinds.count <= 64 && !kinds.contains { kind in
            switch kind {
            case .parallel, .history: true
            default: false
            }
        }
        guard isSimple else { return [] }
        func bit(_ state: Int) -> UInt64 { 1 << UInt64(state) }
        func isDescendant(_ state: Int, of ancestor: Int) -> Bool { state > ancestor && state < ends[ancestor] }

        return transitions.map { transition -> SimplePlan? in
            if transition.targets.isEmpty { return SimplePlan(exitMask: 0, entryMask: 0, defaultEntryMask: 0) }
            let source = transition.source
            guard source > 0 else { return nil }
            // getTransitionDomain: the source for an internal transition of a compound state whose
            // targets are all its descendants, otherwise the least common compound ancestor.
            var domain: Int
            if transition.isInternal, kinds[source] == .compound,
                transition.targets.allSatisfy({ isDescendant($0, of: source) })
            {
                domain = source
            } else {
                domain = parents[source]
                while domain > 0 {
                    if kinds[domain] == .compound,
                        transition.targets.allSatisfy({ isDescendant($0, of: domain) })
                    {
                        break
                    }
                    domain = parents[domain]
                }
                domain = max(domain, 0)
            }
            var entryMask: UInt64 = 0
            var defaultEntryMask: UInt64 = 0
            func addAncestors(of state: Int, upTo ancestor: Int) {
                var current = parents[state]
                while current > 0 && current != ancestor {
                    entryMask |= bit(current)
                    current = parents[current]
                }
            }
            func addDescendants(of state: Int) {
                entryMask |= bit(state)
                guard kinds[state] == .compound else { return }
                defaultEntryMask |= bit(state)
                let targets = transitions[initialTransitions[state]].targets
                for target in targets { addDescendants(of: target) }
                for target in targets { addAncestors(of: target, upTo: state) }
            }
            for target in transition.targets { addDescendants(of: target) }
            for target in transition.targets { addAncestors(of: target, upTo: domain) }
            for state in kinds.indices where entryMask & bit(state) != 0 && kinds[state] == .final {
                return nil
            }
            var exitMask: UInt64 = 0
            for state in (domain + 1)..<ends[domain] { exitMask |= bit(state) }
            return SimplePlan(exitMask: exitMask, entryMask: entryMask, defaultEntryMask: defaultEntryMask)
        }
    }
}
