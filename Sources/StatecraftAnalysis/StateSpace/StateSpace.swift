import Statecraft

/// The reachable graph of a machine: every configuration it can reach from its start by the events of an
/// alphabet, and every step between them, each computed by the machine's own step function.
///
/// Explore a chart, a definition or an SCXML document, then ask the space questions — or hand it to
/// the validators, path finders and property checks of this module:
///
/// ```swift
/// let space = StateSpace.explore(chart, events: Player.Input.allCases)
/// space.configurations.count                  // 4
/// space.isComplete                            // true: no bound was hit
/// space.configurations(containing: "paused")  // the configurations where `paused` is active
/// ```
///
/// Nodes are ``StateSpaceConfiguration``s: the active states, the recorded history values and, when the
/// context is `Hashable` (an SCXML data model always is), the context; two snapshots that agree on
/// these are one node. Edges are ``StateSpaceEdge``s: one per configuration and event that the machine
/// handles, with the transitions taken and the states exited and entered. Exploration is breadth-first,
/// so each configuration's ``StateSpaceConfiguration/depth`` is the length of the shortest event
/// sequence reaching it, and ``StateSpaceConfiguration/parentEdge`` the last step of one such sequence.
///
/// The space encodes to a documented JSON form (see the article *Validating and exploring machines*):
/// `JSONEncoder().encode(space)`.
public struct StateSpace: Sendable, Hashable, Codable {
    /// The structure of the machine explored: its states, events and transitions. Edges refer to its
    /// transitions by position, configurations to its states by identifier.
    public var machine: MachineDescription
    /// The labels of the events offered in every configuration, in the order they were given.
    public var events: [String]
    /// The configurations reached, in the order they were discovered (breadth-first); the first is
    /// the initial configuration. A configuration's ``StateSpaceConfiguration/id`` is its position.
    public var configurations: [StateSpaceConfiguration]
    /// The steps between configurations, grouped by source configuration, in event order.
    public var edges: [StateSpaceEdge]
    /// The bound exploration stopped at, or `nil` when the space is complete.
    public var stoppedAt: ExplorationBound?
    /// The limits exploration ran under.
    public var limits: ExplorationLimits
    /// The work exploration did, the measure ``ExplorationLimits/maxWork`` bounds: each step tried counts
    /// one, plus the number of active states of the configuration it leaves and, when the machine handles
    /// the event, of the configuration it reaches. It grows with configurations × events × configuration
    /// size, which is what exploring costs in time and memory.
    public var work: Int
    /// When exploration stopped at a bound, the context fields (for an SCXML chart, the data variables)
    /// whose values differ between explored configurations with the same active states, sorted: the
    /// likely reason the space kept growing. `["the context"]` names a context without fields; empty for
    /// a complete space, or when no data varied.
    public var varyingData: [String]
    /// What starting the machine did, as an edge into the initial configuration (its source is also 0
    /// and its event empty): the transitions its first macrostep took, the states it entered — some only
    /// on the way, when eventless transitions or raised events move on at once — and whether it settled.
    public var start: StateSpaceEdge

    /// Creates a state space from its parts; ``StateSpace/explore(_:limits:)`` builds one from a machine.
    ///
    /// - Parameters:
    ///   - machine: The structure of the machine.
    ///   - events: The event labels.
    ///   - configurations: The configurations, the initial one first.
    ///   - edges: The steps.
    ///   - stoppedAt: The bound hit, if any.
    ///   - limits: The limits exploration ran under.
    ///   - start: What starting did.
    ///   - work: The work done.
    ///   - varyingData: The data that kept changing, when a bound was hit.
    public init(
        machine: MachineDescription, events: [String], configurations: [StateSpaceConfiguration],
        edges: [StateSpaceEdge], stoppedAt: ExplorationBound?, limits: ExplorationLimits,
        start: StateSpaceEdge = StateSpaceEdge(), work: Int = 0, varyingData: [String] = []
    ) {
        self.work = work
        self.varyingData = varyingData
        self.start = start
        self.machine = machine
        self.events = events
        self.configurations = configurations
        self.edges = edges
        self.stoppedAt = stoppedAt
        self.limits = limits
    }

    /// Whether every reachable configuration was explored: no bound was hit.
    public var isComplete: Bool { stoppedAt == nil }

    /// One line saying how exploration ended: `explored 12 configurations and 30 steps` or
    /// `explored 10000 configurations and 31000 steps, stopped at the bound maxConfigurations = 10000`.
    public var summary: String {
        let counts = "explored \(configurations.count) configurations and \(edges.count) steps"
        guard let stoppedAt else { return counts }
        return "\(counts), stopped at the bound \(limits.describe(stoppedAt))"
    }

    /// Why the space is partial — the bound hit and the data that kept changing — or `nil` when it is
    /// complete.
    public var incompleteness: IncompleteExploration? {
        stoppedAt.map { bound in
            IncompleteExploration(
                bound: bound, limits: limits, configurations: configurations.count, steps: edges.count, work: work,
                varyingData: varyingData)
        }
    }

    /// Throws when exploration stopped at a bound, for code that must not act on a partial space.
    ///
    /// ```swift
    /// let space = StateSpace.explore(chart)
    /// try space.requireComplete()
    /// ```
    ///
    /// - Throws: ``IncompleteExploration``, naming the bound and the data that kept changing.
    public func requireComplete() throws(IncompleteExploration) {
        if let incompleteness { throw incompleteness }
    }

    /// The configurations in which the state `id` is active.
    ///
    /// - Parameter id: A state identifier of ``machine``.
    /// - Returns: The configurations, in discovery order (so the first is the closest to the start).
    /// - Complexity: O(*c* · *s*) for *c* configurations of *s* active states each.
    public func configurations(containing id: String) -> [StateSpaceConfiguration] {
        configurations.filter { $0.states.contains(id) }
    }

    /// Every state entered at some point: active in a configuration, or entered on the way during a
    /// step (or the start) that moved on before settling.
    ///
    /// - Complexity: O(*c* · *s* + *e* · *k*) for *c* configurations of *s* states and *e* edges entering
    ///   *k* states each.
    public var enteredStates: Set<String> {
        var result = Set(start.entered)
        for configuration in configurations { result.formUnion(configuration.states) }
        for edge in edges { result.formUnion(edge.entered) }
        return result
    }

    /// Every transition taken at some point, by the start or a step, as positions in the description.
    ///
    /// - Complexity: O(*e* · *k*) for *e* edges taking *k* transitions each.
    public var takenTransitions: Set<Int> {
        var result = Set(start.transitions)
        for edge in edges { result.formUnion(edge.transitions) }
        return result
    }

    /// The edges leaving each configuration, by configuration id.
    ///
    /// - Complexity: O(*c* + *e*) for *c* configurations and *e* edges.
    public var outgoingEdges: [[Int]] {
        var result = Array(repeating: [Int](), count: configurations.count)
        for (index, edge) in edges.enumerated() { result[edge.source].append(index) }
        return result
    }

    /// The edges entering each configuration, by configuration id.
    ///
    /// - Complexity: O(*c* + *e*) for *c* configurations and *e* edges.
    public var incomingEdges: [[Int]] {
        var result = Array(repeating: [Int](), count: configurations.count)
        for (index, edge) in edges.enumerated() { result[edge.target].append(index) }
        return result
    }
}
