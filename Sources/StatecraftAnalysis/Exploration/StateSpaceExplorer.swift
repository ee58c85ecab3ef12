/// Builds the ``StateSpace`` of an ``ExplorableMachine`` breadth-first, within ``ExplorationLimits``.
///
/// ```swift
/// let explorer = StateSpaceExplorer(ChartExplorationModel(chart, events: Input.allCases))
/// let space = explorer.explore(limits: ExplorationLimits(maxConfigurations: 10_000))
/// ```
public struct StateSpaceExplorer<Machine: ExplorableMachine> {
    /// The machine explored.
    public let model: Machine

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
    /// - Returns: The space; ``StateSpace/stoppedAt`` names the bound hit, if any.
    /// - Complexity: O(*c* · *e*) steps for *c* configurations and *e* events.
    public func explore(limits: ExplorationLimits = ExplorationLimits()) -> StateSpace {
        let start = model.start()
        var nodes: [Machine.Node] = [model.nodeToKeep(start.node)]
        var ids: [Machine.Key: Int] = [model.key(of: start.node): 0]
        var configurations = [configuration(of: start.node, id: 0, depth: 0, parentEdge: nil)]
        var edges: [StateSpaceEdge] = []
        var stoppedAt: ExplorationBound?
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
            let node = nodes[source]
            for (eventIndex, step) in labels.indices.lazy.flatMap({ index in
                model.steps(node, event: index).lazy.map { (index, $0) }
            }) {
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
                var edge = step.step
                edge.source = source
                edge.target = target
                edge.event = labels[eventIndex]
                edge.eventIndex = eventIndex
                edges.append(edge)
            }
        }
        return StateSpace(
            machine: model.machine, events: labels, configurations: configurations, edges: edges,
            stoppedAt: stoppedAt, limits: limits, start: start.step)
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
