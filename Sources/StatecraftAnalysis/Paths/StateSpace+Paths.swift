extension StateSpace {
    /// The shortest path from the start to a configuration: exploration is breadth-first, so following
    /// each configuration's ``StateSpaceConfiguration/parentEdge`` back to the start gives one.
    ///
    /// - Parameter configuration: A configuration id.
    /// - Returns: The path; empty for the initial configuration.
    /// - Complexity: O(*d*) for the configuration's depth *d*.
    public func path(to configuration: Int) -> StatePath {
        var edgeList: [Int] = []
        var current = configuration
        while let edge = configurations[current].parentEdge {
            edgeList.append(edge)
            current = edges[edge].source
        }
        edgeList.reverse()
        return StatePath(
            events: edgeList.map { edges[$0].event }, eventIndices: edgeList.map { edges[$0].eventIndex },
            edges: edgeList, configuration: configuration)
    }

    /// The shortest path to a configuration in which `state` is active.
    ///
    /// ```swift
    /// space.path(to: "playing")?.events   // ["power", "play"]
    /// ```
    ///
    /// - Parameter state: A state identifier of ``machine``.
    /// - Returns: The path, or `nil` when no explored configuration has the state active.
    /// - Complexity: O(*c* · *s*) for *c* configurations of *s* active states.
    public func path(to state: String) -> StatePath? {
        configurations.first { $0.contains(state) }.map { path(to: $0.id) }
    }

    /// The shortest path that ends by taking an edge.
    ///
    /// - Parameter edge: A position in ``edges``.
    /// - Returns: The path to the edge's source, followed by the edge.
    /// - Complexity: O(*d*) for the source's depth *d*.
    public func path(through edge: Int) -> StatePath {
        var path = path(to: edges[edge].source)
        path.events.append(edges[edge].event)
        path.eventIndices.append(edges[edge].eventIndex)
        path.edges.append(edge)
        path.configuration = edges[edge].target
        return path
    }

    /// One shortest path per state of the machine that some configuration has active, in the order of
    /// the description's states.
    ///
    /// - Returns: Each reachable state with its path.
    /// - Complexity: O(*c* · *s* + *n* · *d*) for *c* configurations of *s* active states, *n* states and
    ///   depth *d*.
    public func statePaths() -> [(state: String, path: StatePath)] {
        var firstConfiguration: [String: Int] = [:]
        for configuration in configurations {
            for state in configuration.states where firstConfiguration[state] == nil {
                firstConfiguration[state] = configuration.id
            }
        }
        return machine.states.compactMap { state in
            firstConfiguration[state.id].map { (state.id, path(to: $0)) }
        }
    }

    /// Paths that together take every transition taken anywhere in the space: for each transition, the
    /// shortest path ending with an edge that takes it; paths that are a prefix of another are dropped.
    ///
    /// - Returns: The paths, each with the transitions (positions in the description) it was chosen for,
    ///   in order of the first transition they cover.
    /// - Complexity: O(*e* · *d* + *p*²) for *e* edges, depth *d* and *p* paths.
    public func transitionPaths() -> [(transitions: [Int], path: StatePath)] {
        var firstEdge: [Int: Int] = [:]
        for (index, edge) in edges.enumerated() {
            for transition in edge.transitions where firstEdge[transition] == nil { firstEdge[transition] = index }
        }
        var chosen: [(transitions: [Int], path: StatePath)] = []
        for transition in firstEdge.keys.sorted() {
            guard let edge = firstEdge[transition] else { continue }
            let path = path(through: edge)
            if let same = chosen.firstIndex(where: { $0.path.edges == path.edges }) {
                chosen[same].transitions.append(transition)
            } else {
                chosen.append(([transition], path))
            }
        }
        // A path that is a prefix of a longer one takes nothing the longer one does not: merge it in.
        var kept: [(transitions: [Int], path: StatePath)] = []
        for candidate in chosen.sorted(by: { $0.path.edges.count > $1.path.edges.count }) {
            if let longer = kept.firstIndex(where: { $0.path.edges.starts(with: candidate.path.edges) }) {
                kept[longer].transitions += candidate.transitions
            } else {
                kept.append(candidate)
            }
        }
        for index in kept.indices { kept[index].transitions.sort() }
        kept.sort { ($0.transitions.first ?? 0) < ($1.transitions.first ?? 0) }
        return kept
    }
}
