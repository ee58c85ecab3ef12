/// A read-only description of a machine's structure: its states, events and transitions.
///
/// Diagram exporters and other tools read only this description, never a running machine. Get one by
/// probing a definition's pure transition logic (no transition block, hook or effect runs):
///
/// ```swift
/// let description = schema.machineDescription()          // State and Event are CaseIterable
/// let sampled = definition.machineDescription(states: [.idle, .fetching(progress: 0)],
///                                             events: [.start, .progress(0.5)])
/// ```
///
/// or build one by hand, from a file, or from a statechart. A description is valid by construction: the
/// initialiser checks that every identifier it refers to exists (see ``MachineDescriptionError``).
///
/// States, events and transitions keep their order (declaration or document order); exporters number
/// states in that order, so the same description always gives the same diagram.
public struct MachineDescription: Sendable, Hashable {
    /// An optional name for the machine, used as a diagram title where a format has one.
    public let name: String?
    /// Every state, parents before their children, in declaration or document order.
    public let states: [StateDescription]
    /// The identifier of the state the machine starts in (for a statechart, a top-level state or a
    /// descendant of one).
    public let initialState: String
    /// Every event, in declaration order.
    public let events: [EventDescription]
    /// Every transition, grouped by source state in ``states`` order where the source defines them so.
    public let transitions: [TransitionDescription]

    /// Creates a description and checks that it is consistent.
    ///
    /// - Parameters:
    ///   - name: An optional name for the machine.
    ///   - states: Every state; a state's parent must come before it.
    ///   - initialState: The identifier of the state the machine starts in.
    ///   - events: Every event.
    ///   - transitions: Every transition.
    /// - Throws: ``MachineDescriptionError`` naming the first inconsistency: a duplicate identifier, or a
    ///   parent, initial child, initial state, transition source, event or target that does not exist.
    /// - Complexity: O(*s* · *d* + *e* + *t* · *k*) for *s* states of nesting depth *d*, *e* events and
    ///   *t* transitions of *k* targets.
    public init(
        name: String? = nil, states: [StateDescription], initialState: String,
        events: [EventDescription], transitions: [TransitionDescription]
    ) throws(MachineDescriptionError) {
        self.name = name
        self.states = states
        self.initialState = initialState
        self.events = events
        self.transitions = transitions
        try validate()
    }

    /// The state with identifier `id`, or `nil` if there is none.
    ///
    /// - Complexity: O(*s*) for *s* states.
    public func state(withID id: String) -> StateDescription? {
        states.first { $0.id == id }
    }

    /// The event with identifier `id`, or `nil` if there is none.
    ///
    /// - Complexity: O(*e*) for *e* events.
    public func event(withID id: String) -> EventDescription? {
        events.first { $0.id == id }
    }

    /// The direct children of the state `id` (or the top-level states when `id` is `nil`), in order.
    ///
    /// - Complexity: O(*s*) for *s* states.
    public func children(of id: String?) -> [StateDescription] {
        states.filter { $0.parent == id }
    }

    /// Whether the machine has any nested, parallel, history or final state, that is whether it is a
    /// statechart rather than a flat machine.
    ///
    /// - Complexity: O(*s*) for *s* states.
    public var isHierarchical: Bool {
        states.contains { $0.parent != nil || $0.kind != .atomic }
    }
}
