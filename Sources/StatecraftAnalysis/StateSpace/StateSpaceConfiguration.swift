/// One node of a ``StateSpace``: a configuration the machine can reach, with its history values and data.
public struct StateSpaceConfiguration: Sendable, Hashable, Codable {
    /// The position of the configuration in ``StateSpace/configurations``.
    public var id: Int
    /// The length of the shortest event sequence reaching the configuration from the start.
    public var depth: Int
    /// The last edge of one shortest event sequence reaching the configuration (a position in
    /// ``StateSpace/edges``); `nil` for the initial configuration.
    public var parentEdge: Int?
    /// The active states, in document order (ancestors before descendants), by their identifiers in
    /// ``StateSpace/machine``. A flat machine has one.
    public var states: [String]
    /// The active atomic states, in document order.
    public var atomicStates: [String]
    /// The states each history state recorded, by history state; history states that recorded nothing
    /// yet are absent.
    public var history: [String: [String]]
    /// A printed form of the context or data model when it is part of the configuration's identity, else
    /// `nil`.
    public var data: String?
    /// Whether the machine has finished: a chart reached a top-level final state.
    public var isFinal: Bool

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - id: Its position in the space.
    ///   - depth: The length of a shortest event sequence reaching it.
    ///   - parentEdge: The last edge of such a sequence.
    ///   - states: The active states, in document order.
    ///   - atomicStates: The active atomic states.
    ///   - history: The recorded history values.
    ///   - data: The printed context, if part of its identity.
    ///   - isFinal: Whether the machine has finished.
    public init(
        id: Int = 0, depth: Int = 0, parentEdge: Int? = nil, states: [String], atomicStates: [String],
        history: [String: [String]] = [:], data: String? = nil, isFinal: Bool = false
    ) {
        self.id = id
        self.depth = depth
        self.parentEdge = parentEdge
        self.states = states
        self.atomicStates = atomicStates
        self.history = history
        self.data = data
        self.isFinal = isFinal
    }

    /// Whether the state `id` is active in the configuration.
    ///
    /// - Complexity: O(*s*) in the number of active states.
    public func contains(_ id: String) -> Bool { states.contains(id) }
}
