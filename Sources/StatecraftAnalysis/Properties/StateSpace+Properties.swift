extension StateSpace {
    /// Checks a property over the explored space.
    ///
    /// A violation comes with a shortest counterexample: the event sequence from the start that shows it
    /// (exploration is breadth-first). A violation found in an incomplete space is real for
    /// ``StateSpaceProperty/never(_:)`` and ``StateSpaceProperty/unreachableAfter(event:state:unless:)``;
    /// anything else needs the whole space and is ``PropertyResult/inconclusive(reason:)`` when a bound
    /// was hit.
    ///
    /// ```swift
    /// if case .violated(let path, let explanation) = space.check(.never(["on", "done"])) {
    ///     print(explanation, path)     // the events that reach both
    /// }
    /// ```
    ///
    /// - Parameter property: The property.
    /// - Returns: Whether it holds, with a counterexample when it does not.
    /// - Complexity: O(*c* · *s* + *e*) for *c* configurations of *s* states and *e* edges.
    public func check(_ property: StateSpaceProperty) -> PropertyResult {
        switch property {
        case .never(let states):
            if let found = configurations.first(where: { configuration in states.allSatisfy(configuration.contains) }) {
                let path = path(to: found.id)
                return .violated(
                    counterexample: path,
                    explanation: "\(states.map { "'\($0)'" }.joined(separator: " and ")) are all active after "
                        + (path.events.isEmpty ? "the start" : "\"\(path)\""))
            }
        case .alwaysCanReach(let state):
            return checkAlwaysCanReach(state)
        case .unreachableAfter(let event, let state, let unless):
            if let result = checkUnreachableAfter(event: event, state: state, unless: unless) { return result }
        }
        return isComplete ? .holds : .inconclusive(reason: summary)
    }

    private func checkAlwaysCanReach(_ state: String) -> PropertyResult {
        var canReach = configurations.map { $0.contains(state) }
        var pending = configurations.indices.filter { canReach[$0] }
        let incoming = incomingEdges
        while let next = pending.popLast() {
            for edge in incoming[next] where !canReach[edges[edge].source] {
                canReach[edges[edge].source] = true
                pending.append(edges[edge].source)
            }
        }
        // Unexplored configurations may get stuck, and explored ones may still reach the state through
        // them: only a complete space decides.
        guard isComplete else { return .inconclusive(reason: summary) }
        guard let stuck = configurations.first(where: { !canReach[$0.id] }) else { return .holds }
        let path = path(to: stuck.id)
        return .violated(
            counterexample: path,
            explanation: "after " + (path.events.isEmpty ? "the start" : "\"\(path)\"") + " the machine is in "
                + stuck.atomicStates.map { "'\($0)'" }.joined(separator: ", ")
                + ", from which no event sequence reaches '\(state)'")
    }

    /// A breadth-first search over (configuration, whether `event` was handled since the last `unless`),
    /// so that the first violation found has a shortest counterexample.
    private func checkUnreachableAfter(event: String, state: String, unless: String?) -> PropertyResult? {
        let outgoing = outgoingEdges
        // Node n = configuration * 2 + armed; for each visited node, the node and edge it was reached by.
        var parentNode = Array(repeating: -2, count: configurations.count * 2)
        var parentEdge = Array(repeating: -1, count: configurations.count * 2)
        parentNode[0] = -1
        var queue = [0]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edgeIndex in outgoing[node / 2] {
                let edge = edges[edgeIndex]
                var armed = node % 2 == 1
                if edge.event == event { armed = true } else if edge.event == unless { armed = false }
                let next = edge.target * 2 + (armed ? 1 : 0)
                guard parentNode[next] == -2 else { continue }
                parentNode[next] = node
                parentEdge[next] = edgeIndex
                if armed && (configurations[edge.target].contains(state) || edge.entered.contains(state)) {
                    var edgeList: [Int] = []
                    var current = next
                    while parentNode[current] >= 0 {
                        edgeList.append(parentEdge[current])
                        current = parentNode[current]
                    }
                    edgeList.reverse()
                    let path = StatePath(
                        events: edgeList.map { edges[$0].event }, eventIndices: edgeList.map { edges[$0].eventIndex },
                        edges: edgeList, configuration: edge.target)
                    return .violated(
                        counterexample: path,
                        explanation: "'\(state)' is entered after '\(event)'"
                            + (unless.map { " without '\($0)' in between" } ?? "") + ": \"\(path)\"")
                }
                queue.append(next)
            }
        }
        return nil
    }
}
