import Statecraft
import StatecraftAnalysis
import StatecraftSCXML

extension VisualizerModel {
    /// How many times exploration is repeated to add events the machine sends itself to the alphabet.
    static let alphabetRounds = 4

    /// Explores a machine and records, for the start and every step, what `record` reads from the node the
    /// step produced.
    ///
    /// Each step's effects come from stepping the step's source again with the machine's own step
    /// function; when the space was cut at a bound, every event the machine handles in a configuration
    /// but whose step is missing from the space is listed in ``cutEvents``.
    ///
    /// ```swift
    /// let model = VisualizerModel.explore(ChartExplorationModel(chart, events: Input.allCases)) { node in
    ///     VisualizerStep(node, name: { "\($0)" }, label: { "\($0)" })
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - machine: The machine to explore.
    ///   - limits: The bounds of exploration.
    ///   - record: What the step that produced a node recorded.
    /// - Returns: The model.
    /// - Complexity: O(*c* · *e*) steps for *c* configurations and *e* events.
    public static func explore<Machine: ExplorableMachine>(
        _ machine: Machine, limits: ExplorationLimits = .visualizerPage,
        record: (Machine.Node) -> VisualizerStep
    ) -> VisualizerModel {
        let space = StateSpaceExplorer(machine).explore(limits: limits)
        let start = machine.start().node
        var nodes = [Machine.Node?](repeating: nil, count: space.configurations.count)
        nodes[0] = start
        var steps: [VisualizerStep] = []
        steps.reserveCapacity(space.edges.count)
        for edge in space.edges {
            // Edges are grouped by source in discovery order, so a source's node is known before its edges.
            guard let source = nodes[edge.source], let step = machine.step(source, event: edge.eventIndex) else {
                steps.append(VisualizerStep())
                continue
            }
            if nodes[edge.target] == nil { nodes[edge.target] = step.node }
            steps.append(record(step.node))
        }
        let cut = space.isComplete ? [:] : cutEvents(of: machine, in: space, nodes: nodes)
        return VisualizerModel(space: space, start: record(start), steps: steps, cutEvents: cut)
    }

    /// The events each configuration left unexpanded by a bound handles: the explorer expands
    /// configurations in order and stops inside the last one whose steps it recorded, so that one and
    /// every later one may have untried events (and so may those at ``ExplorationLimits/maxDepth``).
    ///
    /// Deciding whether an event is handled takes a step; the steps taken here are bounded by
    /// ``ExplorationLimits/maxWork`` in the same units as exploration. Past that budget, every event
    /// without a step is listed, since the page cannot tell whether it would be handled.
    ///
    /// - Complexity: O(*c* · *e*) steps for *c* unexpanded configurations and *e* events, within the budget.
    static func cutEvents<Machine: ExplorableMachine>(
        of machine: Machine, in space: StateSpace, nodes: [Machine.Node?]
    ) -> [Int: [String]] {
        let lastExpanded = space.edges.last?.source ?? 0
        let outgoing = space.outgoingEdges
        var budget = space.limits.maxWork
        var cut: [Int: [String]] = [:]
        for configuration in space.configurations where !configuration.isFinal {
            guard configuration.id >= lastExpanded || configuration.depth >= space.limits.maxDepth else { continue }
            let handled = Set(outgoing[configuration.id].map { space.edges[$0].eventIndex })
            let cost = 1 + configuration.states.count
            for (index, label) in space.events.enumerated() where !handled.contains(index) {
                if budget >= cost, let node = nodes[configuration.id] {
                    budget -= cost
                    if machine.step(node, event: index) == nil { continue }
                }
                cut[configuration.id, default: []].append(label)
            }
        }
        return cut
    }

    /// Explores a chart, offering `events` in every configuration and adding the events the chart sends
    /// itself (`AfterDelay` timers, `send` in actions) when they are missing, so that the page can deliver
    /// them.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - events: The events to offer.
    ///   - limits: The bounds of exploration.
    /// - Returns: The model.
    /// - Complexity: O(*c* · *e*) macrosteps for *c* configurations and *e* events, a few times over when
    ///   the chart sends itself events that `events` lacks.
    public static func explore<StateID, Event, Context>(
        _ chart: Statechart<StateID, Event, Context>, events: [Event], limits: ExplorationLimits = .visualizerPage
    ) -> VisualizerModel {
        var alphabet = events
        var labels = Set(events.map { String(describing: $0) })
        let machine = chart.machineDescription()
        let names = Dictionary(zip(chart.states, machine.states.map(\.id)), uniquingKeysWith: { first, _ in first })
        for round in 1... {
            var missing: [Event] = []
            let model = explore(ChartExplorationModel(chart, events: alphabet), limits: limits) { node in
                for case .send(let event, _, _) in node.lastMacrostep.effects
                where labels.insert(String(describing: event)).inserted {
                    missing.append(event)
                }
                return VisualizerStep(
                    node, name: { names[$0] ?? String(describing: $0) }, label: { String(describing: $0) })
            }
            if missing.isEmpty || round == alphabetRounds { return model }
            alphabet += missing
        }
        preconditionFailure("Internal inconsistency: the exploration rounds ended without a model")
    }

    /// Explores a chart whose events are `CaseIterable`, offering every case.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - limits: The bounds of exploration.
    /// - Returns: The model.
    /// - Complexity: O(*c* · *e*) macrosteps for *c* configurations and *e* events.
    public static func explore<StateID, Event: CaseIterable, Context>(
        _ chart: Statechart<StateID, Event, Context>, limits: ExplorationLimits = .visualizerPage
    ) -> VisualizerModel {
        explore(chart, events: Array(Event.allCases), limits: limits)
    }

    /// Explores an SCXML document with the events its transitions name (see `SCXMLExplorationModel`),
    /// plus the events it sends itself.
    ///
    /// - Parameters:
    ///   - document: The document.
    ///   - limits: The bounds of exploration.
    /// - Returns: The model.
    /// - Throws: `SCXMLError` when the document's chart cannot be built.
    /// - Complexity: O(*c* · *e*) macrosteps for *c* configurations and *e* events.
    public static func explore(document: SCXMLDocument, limits: ExplorationLimits = .visualizerPage)
        throws(SCXMLError) -> VisualizerModel
    {
        var extra: [String] = []
        for round in 1... {
            // The page replays one step per event: an opaque guard is false there, as in an interpreter.
            let machine = try SCXMLExplorationModel(
                document: document, extraEvents: extra, exploringOpaqueGuardsBothWays: false)
            let model = explore(machine, limits: limits) { node in
                VisualizerStep(node, name: { $0 }, label: \.name)
            }
            let missing = model.sentEventsOutsideAlphabet
            if missing.isEmpty || round == alphabetRounds { return model }
            extra += missing
        }
        preconditionFailure("Internal inconsistency: the exploration rounds ended without a model")
    }

    /// Explores the structure of a machine description — such as a JSON machine file — by running the
    /// SCXML document written from it (`SCXMLDocument(describing:)`).
    ///
    /// A description holds labels, not code: a condition that is not an SCXML expression reads a variable
    /// that is never set, so its transition is never taken.
    ///
    /// - Parameters:
    ///   - description: The description.
    ///   - limits: The bounds of exploration.
    /// - Returns: The model.
    /// - Throws: `SCXMLError` when SCXML cannot express the description.
    /// - Complexity: O(*c* · *e*) macrosteps for *c* configurations and *e* events.
    public static func explore(
        describing description: MachineDescription, limits: ExplorationLimits = .visualizerPage
    )
        throws(SCXMLError) -> VisualizerModel
    {
        try explore(document: SCXMLDocument(describing: description), limits: limits)
    }

    /// Explores a definition from its initial state (see `DefinitionExplorationModel`). Definitions send
    /// no delayed events, so no step has effects.
    ///
    /// - Parameters:
    ///   - definition: The definition.
    ///   - states: Sample states for the description.
    ///   - events: The events to offer in every state.
    ///   - limits: The bounds of exploration.
    /// - Returns: The model.
    /// - Complexity: O(*c* · *e*) decisions for *c* states reached and *e* events.
    public static func explore<Definition: MachineDefinition>(
        definition: Definition, states: [Definition.State], events: [Definition.Event],
        limits: ExplorationLimits = .visualizerPage
    ) -> VisualizerModel {
        explore(DefinitionExplorationModel(definition, states: states, events: events), limits: limits) { _ in
            VisualizerStep()
        }
    }
}
