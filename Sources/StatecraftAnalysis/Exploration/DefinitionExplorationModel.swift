import Statecraft

/// Any `MachineDefinition` whose states and events can be listed, as an ``ExplorableMachine``: each step
/// is the definition's own pure `MachineDefinition/decide(state:event:)`.
///
/// States are identified by value when the state type is `Hashable`, otherwise by their diagram label
/// (`DiagramLabel/of(_:)`), as the diagrams' probing does; the space's states are labels. The description
/// is the probed one (`MachineDefinition/machineDescription(states:events:name:maximumStates:)`).
///
/// ```swift
/// let space = StateSpace.explore(definition: TrafficLight(), states: Light.allCases, events: Signal.allCases)
/// ```
public struct DefinitionExplorationModel<Definition: MachineDefinition>: ExplorableMachine {
    /// The definition explored.
    public let definition: Definition
    /// The events offered in every state.
    public let events: [Definition.Event]
    /// The definition's probed description; edges refer to its transitions by position.
    public let machine: MachineDescription
    /// The events' labels.
    public let eventLabels: [String]
    private let describedEvents: [String]
    private let lookup: DescribedTransitionLookup

    /// Creates the model of a definition.
    ///
    /// - Parameters:
    ///   - definition: The definition.
    ///   - states: Sample states for the description (the initial state is added); exploration itself
    ///     starts from the initial state.
    ///   - events: The events to offer in every state.
    ///   - name: A name for the machine description.
    public init(_ definition: Definition, states: [Definition.State], events: [Definition.Event], name: String? = nil) {
        self.definition = definition
        self.events = events
        machine = definition.machineDescription(states: states, events: events, name: name)
        eventLabels = events.map { String(describing: $0) }
        describedEvents = events.map { DiagramLabel.of($0) }
        lookup = DescribedTransitionLookup(machine)
    }

    /// The initial state.
    public func start() -> (node: Definition.State, step: StateSpaceEdge) {
        (definition.initialState, StateSpaceEdge(entered: [DiagramLabel.of(definition.initialState)]))
    }

    /// The definition's decision on the event; `nil` when it ignores it.
    public func step(_ node: Definition.State, event eventIndex: Int) -> (node: Definition.State, step: StateSpaceEdge)?
    {
        guard let decision = definition.decide(state: node, event: events[eventIndex]) else { return nil }
        let source = DiagramLabel.of(node)
        let target = DiagramLabel.of(decision.target)
        let isUpdate = decision.kind == .update
        let position = lookup.position(
            source: source, event: describedEvents[eventIndex], target: target, isUpdate: isUpdate)
        return (
            decision.target,
            StateSpaceEdge(
                transitions: position.map { [$0] } ?? [], exited: isUpdate ? [] : [source],
                entered: isUpdate ? [] : [target])
        )
    }

    /// The state itself when `Hashable`, else its label.
    public func key(of node: Definition.State) -> AnyHashable {
        (node as? AnyHashable) ?? AnyHashable(DiagramLabel.of(node))
    }

    /// The state's payload, printed, under the name `the state's payload`, when its printed value differs
    /// from its label.
    public func dataValues(of node: Definition.State) -> [String: String] {
        let printed = String(describing: node)
        return printed == DiagramLabel.of(node) ? [:] : ["the state's payload": printed]
    }

    /// The state's label; its printed value as data when that differs (a payload).
    public func configuration(of node: Definition.State) -> StateSpaceConfiguration {
        let label = DiagramLabel.of(node)
        let printed = String(describing: node)
        return StateSpaceConfiguration(
            states: [label], atomicStates: [label], data: printed == label ? nil : printed)
    }
}

extension StateSpace {
    /// Explores a definition from its initial state (see ``DefinitionExplorationModel``).
    ///
    /// - Parameters:
    ///   - definition: The definition.
    ///   - states: Sample states for the description.
    ///   - events: The events to offer in every state.
    ///   - limits: The bounds of exploration.
    /// - Returns: The space.
    /// - Complexity: O(*c* · *e*) decisions for *c* states reached and *e* events.
    public static func explore<Definition: MachineDefinition>(
        definition: Definition, states: [Definition.State], events: [Definition.Event],
        limits: ExplorationLimits = ExplorationLimits()
    ) -> StateSpace {
        StateSpaceExplorer(DefinitionExplorationModel(definition, states: states, events: events))
            .explore(limits: limits)
    }

    /// Explores a definition whose states and events are `CaseIterable`.
    ///
    /// ```swift
    /// let space = StateSpace.explore(definition: schema)
    /// ```
    ///
    /// - Parameters:
    ///   - definition: The definition.
    ///   - limits: The bounds of exploration.
    /// - Returns: The space.
    /// - Complexity: O(*c* · *e*) decisions for *c* states reached and *e* events.
    public static func explore<Definition: MachineDefinition>(
        definition: Definition, limits: ExplorationLimits = ExplorationLimits()
    ) -> StateSpace where Definition.State: CaseIterable, Definition.Event: CaseIterable {
        explore(
            definition: definition, states: Array(Definition.State.allCases), events: Array(Definition.Event.allCases),
            limits: limits)
    }
}
