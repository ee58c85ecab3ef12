import Statecraft

/// A machine the ``StateSpaceExplorer`` can step: it starts, steps one event at a time with the machine's
/// own step function, and says which nodes are the same configuration.
///
/// The module adapts every kind of Statecraft machine — ``ChartExplorationModel`` for a `Statechart`,
/// ``DefinitionExplorationModel`` for any `MachineDefinition` whose states and events can be listed,
/// ``SCXMLExplorationModel`` for an SCXML document. Adopt it to explore something else.
public protocol ExplorableMachine {
    /// What a step produces: a snapshot or a state.
    associatedtype Node
    /// What identifies a configuration: two nodes with equal keys are one node of the space.
    associatedtype Key: Hashable

    /// The structure of the machine; steps refer to its transitions by position.
    var machine: MachineDescription { get }
    /// The labels of the events offered in every configuration.
    var eventLabels: [String] { get }

    /// Starts the machine.
    ///
    /// - Returns: The initial node, and what starting did as an edge whose source, target and event the
    ///   explorer ignores.
    func start() -> (node: Node, step: StateSpaceEdge)
    /// Steps `node` on the event at `eventIndex` of ``eventLabels``.
    ///
    /// - Returns: The node reached and what the step did (the explorer fills in the edge's source,
    ///   target and event), or `nil` when the event is ignored.
    func step(_ node: Node, event eventIndex: Int) -> (node: Node, step: StateSpaceEdge)?
    /// Every way `node` can step on the event at `eventIndex`: one for a machine whose conditions it can
    /// evaluate (``step(_:event:)``, the default), several when the outcome depends on conditions it cannot
    /// evaluate (``SCXMLExplorationModel`` with opaque guards); empty when the event is ignored.
    func steps(_ node: Node, event eventIndex: Int) -> [(node: Node, step: StateSpaceEdge)]
    /// The identity of `node` in the space.
    func key(of node: Node) -> Key
    /// What the space records of `node`; the explorer fills in its id, depth and parent edge.
    func configuration(of node: Node) -> StateSpaceConfiguration
    /// `node` as the explorer keeps it to step it later, once the step that produced it has been read:
    /// `node` itself by default. A model whose nodes carry the record of the step that produced them (a
    /// chart's snapshot) drops that record here, so that an exploration does not hold every step's record.
    func nodeToKeep(_ node: Node) -> Node
    /// The values of the data in `node`'s identity beyond its active states, by name (a context's
    /// fields, an SCXML chart's data variables), printed; empty by default. When exploration stops at a
    /// bound, the explorer names the data whose values differ between configurations with the same active
    /// states (``StateSpace/varyingData``).
    func dataValues(of node: Node) -> [String: String]
}

extension ExplorableMachine {
    /// `node` itself.
    public func nodeToKeep(_ node: Node) -> Node { node }

    /// No data: the node's identity is its configuration.
    public func dataValues(of node: Node) -> [String: String] { [:] }

    /// The one step ``step(_:event:)`` takes, if any.
    public func steps(_ node: Node, event eventIndex: Int) -> [(node: Node, step: StateSpaceEdge)] {
        step(node, event: eventIndex).map { [$0] } ?? []
    }
}
