import Statecraft
import StatecraftSCXML

/// An SCXML document as an ``ExplorableMachine``: the chart `SCXMLChartBuilder` builds from it, stepped by
/// the chart's own step function, with the data model's values part of each configuration's identity.
///
/// The events offered are the names the document's transitions listen to (`<transition event="…">`),
/// without wildcards (`*`, a trailing `.*`) and without the platform's `done.` and `error.` events, which
/// only the interpreter raises. Events a chart sends itself (`<send>`) are recorded on the edges, not
/// delivered: every event of the alphabet is offered in every configuration anyway, and time is not
/// modelled, so a delayed event may arrive at any moment.
///
/// An opaque guard (`cond="statecraft.guard('hasItems')"`, what a Swift guard becomes in an export) may be
/// true or false: a step on an event is tried with each value of the opaque guards of the active states'
/// and of the eventless transitions (up to ten of them per step), and every distinct outcome is an edge. At
/// start they are false.
///
/// ```swift
/// let model = try SCXMLExplorationModel(document: SCXMLParser.parse(contentsOf: url))
/// let space = StateSpaceExplorer(model).explore(limits: ExplorationLimits(maxConfigurations: 10_000))
/// ```
public struct SCXMLExplorationModel: ExplorableMachine, Sendable {
    /// The document explored.
    public let document: SCXMLDocument
    /// The chart built from it, as explored.
    public let chartModel: ChartExplorationModel<String, SCXMLEvent, SCXMLDataModel>
    /// Where each state and transition of ``machine`` is written.
    public let sourceLocations: SourceLocations
    /// The variables standing for the document's opaque guards.
    private let opaqueGuards: SCXMLOpaqueGuardOracle

    /// The chart's description.
    public var machine: MachineDescription { chartModel.machine }
    /// The event names offered.
    public var eventLabels: [String] { chartModel.eventLabels }

    /// Builds the chart of `document` and lists its events.
    ///
    /// - Parameters:
    ///   - document: A parsed document.
    ///   - extraEvents: More event names to offer in every configuration.
    ///   - exploringOpaqueGuardsBothWays: Whether a step tries each value of the opaque guards it may
    ///     depend on (the default). `false` runs the document as an interpreter does, where an opaque guard
    ///     raises `error.execution` and counts as false: one outcome per event, for tools that replay steps
    ///     one at a time (the visualizer's page).
    /// - Throws: `SCXMLError` when the document's chart cannot be built.
    public init(
        document: SCXMLDocument, extraEvents: [String] = [], exploringOpaqueGuardsBothWays: Bool = true
    ) throws(SCXMLError) {
        self.document = document
        let (opaqueGuards, explored) =
            exploringOpaqueGuardsBothWays
            ? SCXMLOpaqueGuardOracle.rewriting(document) : (SCXMLOpaqueGuardOracle.none, document)
        self.opaqueGuards = opaqueGuards
        let chart = try SCXMLChartBuilder().build(explored)
        var names: [String] = []
        for node in document.allStates where node.kind != .initial {
            for transition in node.transitions {
                for descriptor in transition.events {
                    var name = descriptor.value
                    if name.hasSuffix(".*") { name.removeLast(2) }
                    while name.hasSuffix(".") { name.removeLast() }
                    if name.isEmpty || name == "*" || name.hasPrefix("done.") || name.hasPrefix("error.")
                        || name == "done" || name == "error"
                    {
                        continue
                    }
                    if !names.contains(name) { names.append(name) }
                }
            }
        }
        for name in extraEvents where !names.contains(name) { names.append(name) }
        chartModel = ChartExplorationModel(chart, events: names.map { SCXMLEvent($0) }, name: document.name)
        sourceLocations = Self.locations(of: document, machine: chartModel.machine)
    }

    /// Starts the chart.
    public func start() -> (node: SCXMLSnapshot, step: StateSpaceEdge) { chartModel.start() }

    /// One macrostep of the chart on the event.
    public func step(_ node: SCXMLSnapshot, event eventIndex: Int) -> (node: SCXMLSnapshot, step: StateSpaceEdge)? {
        chartModel.step(node, event: eventIndex)
    }

    /// Every outcome of one macrostep on the event: one, or one per distinct outcome over the values of
    /// the opaque guards it may depend on.
    public func steps(_ node: SCXMLSnapshot, event eventIndex: Int) -> [(node: SCXMLSnapshot, step: StateSpaceEdge)] {
        guard !opaqueGuards.variables.isEmpty else { return step(node, event: eventIndex).map { [$0] } ?? [] }
        return opaqueGuards.steps(node, key: chartModel.key(of:)) { chartModel.step($0, event: eventIndex) }
    }

    /// The snapshot without its macrostep record (see ``ChartExplorationModel/nodeToKeep(_:)``).
    public func nodeToKeep(_ node: SCXMLSnapshot) -> SCXMLSnapshot { chartModel.nodeToKeep(node) }

    /// The chart's key of the snapshot.
    public func key(of node: SCXMLSnapshot) -> ChartExplorationModel<String, SCXMLEvent, SCXMLDataModel>.Key {
        chartModel.key(of: node)
    }

    /// The data model's variables, printed.
    public func dataValues(of node: SCXMLSnapshot) -> [String: String] {
        node.context.variables.mapValues { "\($0)" }
    }

    /// The snapshot's states and history, and its variables as `name=value` pairs sorted by name.
    public func configuration(of node: SCXMLSnapshot) -> StateSpaceConfiguration {
        var content = chartModel.configuration(of: node, describingContext: false)
        let variables = node.context.variables.filter { !opaqueGuards.variables.contains($0.key) }
            .sorted { $0.key < $1.key }
        content.data = variables.isEmpty ? nil : variables.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return content
    }

    /// The location of every state, and of every transition by its position in `machine` (a state's
    /// transitions in document order, then a history state's default transition).
    static func locations(of document: SCXMLDocument, machine: MachineDescription) -> SourceLocations {
        var nodes: [String: SCXMLStateNode] = [:]
        for node in document.allStates where node.kind != .initial { nodes[node.id] = node }
        var states: [String: SourceLocations.Location] = [:]
        var transitions: [Int: SourceLocations.Location] = [:]
        var taken: [String: Int] = [:]
        func location(_ source: SCXMLSourceLocation) -> SourceLocations.Location? {
            source.line > 0
                ? SourceLocations.Location(file: source.file, line: source.line, column: source.column) : nil
        }
        for (id, node) in nodes { states[id] = location(node.sourceLocation) }
        for (position, transition) in machine.transitions.enumerated() {
            guard let node = nodes[transition.source] else { continue }
            let index = taken[transition.source, default: 0]
            taken[transition.source] = index + 1
            if index < node.transitions.count {
                transitions[position] = location(node.transitions[index].sourceLocation)
            }
        }
        return SourceLocations(states: states, transitions: transitions)
    }
}

extension StateSpace {
    /// Explores an SCXML document (see ``SCXMLExplorationModel``).
    ///
    /// - Parameters:
    ///   - document: The document.
    ///   - limits: The bounds of exploration.
    /// - Returns: The space.
    /// - Throws: `SCXMLError` when the document's chart cannot be built.
    /// - Complexity: O(*c* · *e*) macrosteps for *c* configurations and *e* events.
    public static func explore(document: SCXMLDocument, limits: ExplorationLimits = ExplorationLimits())
        throws(SCXMLError) -> StateSpace
    {
        StateSpaceExplorer(try SCXMLExplorationModel(document: document)).explore(limits: limits)
    }
}
