/// Builds the ``StateSpace`` of an ``ExplorableMachine`` breadth-first, within ``ExplorationLimits``.
///
/// ```swift
/// let explorer = StateSpaceExplorer(ChartExplorationModel(chart, events: Input.allCases))
/// let space = explorer.explore(limits: ExplorationLimits(maxConfigurations: 10_000))
/// ```
public struct StateSpaceExplorer<Machine: ExplorableMachine> {
    /// The machine explored.
    public let model: Machine

    /// How many configurations, at most, are read to find the data that kept changing when a bound was hit.
    static var varyingDataSample: Int { 10_000 }
    /// How many steps are tried between two readings of the clock.
    static var stepsBetweenClockReadings: Int { 64 }

    /// Creates an explorer.
    ///
    /// - Parameter model: The machine to explore.
    public init(_ model: Machine) {
        self.model = model
    }

    /// Explores every configuration reachable from the start, offering every event in every
    /// configuration, until the space is complete or a bound is hit.
    ///
    /// - Parameter limits: The bounds; see ``ExplorationLimits``.
    /// - Returns: The space; ``StateSpace/stoppedAt`` names the bound hit, if any, and
    ///   ``StateSpace/varyingData`` the data that kept changing.
    /// - Complexity: O(*c* · *e*) steps for *c* configurations and *e* events, within ``ExplorationLimits/maxWork``.
    public func explore(limits: ExplorationLimits = ExplorationLimits()) -> StateSpace {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limits.maxDuration)
        let start = model.start()
        var nodes: [Machine.Node] = [model.nodeToKeep(start.node)]
        var ids: [Machine.Key: Int] = [model.key(of: start.node): 0]
        var configurations = [configuration(of: start.node, id: 0, depth: 0, parentEdge: nil)]
        var edges: [StateSpaceEdge] = []
        var stoppedAt: ExplorationBound?
        var work = 0
        var tried = 0
        let labels = model.eventLabels
        var next = 0
        exploring: while next < nodes.count {
            let source = next
            next += 1
            let depth = configurations[source].depth
            if configurations[source].isFinal { continue }
            if depth >= limits.maxDepth {
                stoppedAt = .maxDepth
                continue
            }
            let sourceSize = configurations[source].states.count
            let node = nodes[source]
            for eventIndex in labels.indices {
                guard work < limits.maxWork else {
                    stoppedAt = .maxWork
                    break exploring
                }
                if tried % Self.stepsBetweenClockReadings == 0 && clock.now >= deadline {
                    stoppedAt = .maxDuration
                    break exploring
                }
                tried += 1
                work += 1 + sourceSize
                // One step, or one per outcome of the opaque guards an export holds (see `steps(_:event:)`).
                for step in model.steps(node, event: eventIndex) {
                    let key = model.key(of: step.node)
                    let target: Int
                    if let known = ids[key] {
                        target = known
                    } else {
                        guard nodes.count < limits.maxConfigurations else {
                            stoppedAt = .maxConfigurations
                            break exploring
                        }
                        target = nodes.count
                        ids[key] = target
                        nodes.append(model.nodeToKeep(step.node))
                        configurations.append(
                            configuration(
                                of: step.node, id: target, depth: depth + 1, parentEdge: edges.count))
                    }
                    work += configurations[target].states.count
                    var edge = step.step
                    edge.source = source
                    edge.target = target
                    edge.event = labels[eventIndex]
                    edge.eventIndex = eventIndex
                    edges.append(edge)
                }
            }
        }
        return StateSpace(
            machine: model.machine, events: labels, configurations: configurations, edges: edges,
            stoppedAt: stoppedAt, limits: limits, start: start.step, work: work,
            varyingData: stoppedAt == nil ? [] : varyingData(nodes: nodes, configurations: configurations))
    }

    /// The names of the data whose values differ between configurations with the same active states and
    /// history values, among the first ``varyingDataSample`` configurations.
    ///
    /// - Complexity: O(*n* · *d*) for *n* configurations read of *d* data values each.
    private func varyingData(nodes: [Machine.Node], configurations: [StateSpaceConfiguration]) -> [String] {
        var firstValues: [ActiveStatesKey: [String: String]] = [:]
        var varying: Set<String> = []
        for (node, configuration) in zip(nodes, configurations).prefix(Self.varyingDataSample) {
            let values = model.dataValues(of: node)
            let key = ActiveStatesKey(states: configuration.states, history: configuration.history)
            guard let first = firstValues[key] else {
                firstValues[key] = values
                continue
            }
            for (name, value) in values where first[name] != value { varying.insert(name) }
        }
        return varying.sorted()
    }

    private func configuration(of node: Machine.Node, id: Int, depth: Int, parentEdge: Int?)
        -> StateSpaceConfiguration
    {
        var configuration = model.configuration(of: node)
        configuration.id = id
        configuration.depth = depth
        configuration.parentEdge = parentEdge
        return configuration
    }
}

/// A configuration's active states and history values, without its data.
private struct ActiveStatesKey: Hashable {
    let states: [String]
    let history: [String: [String]]
}
