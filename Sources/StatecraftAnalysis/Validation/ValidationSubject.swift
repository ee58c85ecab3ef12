import Statecraft

/// What a ``ValidationRule`` reads: the explored space, the machine's structure as a tree, where things
/// are written, and how triggers match events.
public struct ValidationSubject: Sendable {
    /// The explored space.
    public let space: StateSpace
    /// Where states and transitions are written.
    public let locations: SourceLocations
    /// Whether transition `transition` (a position in the description) is triggered by the event labelled
    /// `event`. By default, its event label equals the event's.
    public let triggerMatches: @Sendable (_ transition: Int, _ event: String) -> Bool
    /// Each state's parent, by identifier; top-level states are absent.
    public let parents: [String: String]
    /// Each state's kind, by identifier.
    public let kinds: [String: StateDescription.Kind]
    /// The expressions the machine's data model cannot evaluate, found when it was loaded (SCXML); read by
    /// ``UnevaluableExpressionRule``. Empty by default.
    public var unevaluableExpressions: [UnevaluableExpressionRule.Occurrence] = []

    /// Creates a subject.
    ///
    /// - Parameters:
    ///   - space: The explored space.
    ///   - locations: Where states and transitions are written.
    ///   - triggerMatches: Whether a transition is triggered by an event label; `nil` compares labels.
    public init(
        space: StateSpace, locations: SourceLocations = .none,
        triggerMatches: (@Sendable (_ transition: Int, _ event: String) -> Bool)? = nil
    ) {
        self.space = space
        self.locations = locations
        let transitions = space.machine.transitions
        self.triggerMatches = triggerMatches ?? { transition, event in transitions[transition].event == event }
        var parents: [String: String] = [:]
        var kinds: [String: StateDescription.Kind] = [:]
        for state in space.machine.states {
            parents[state.id] = state.parent
            kinds[state.id] = state.kind
        }
        self.parents = parents
        self.kinds = kinds
    }

    /// The ancestors of a state, nearest first.
    ///
    /// - Complexity: O(*d*) for nesting depth *d*.
    public func ancestors(of state: String) -> [String] {
        var result: [String] = []
        var current = parents[state]
        while let parent = current {
            result.append(parent)
            current = parents[parent]
        }
        return result
    }

    /// Whether `state` is `ancestor` or one of its descendants.
    ///
    /// - Complexity: O(*d*) for nesting depth *d*.
    public func isWithin(_ state: String, _ ancestor: String) -> Bool {
        state == ancestor || ancestors(of: state).contains(ancestor)
    }

    /// `source --event--> targets` for messages, with `[guarded]` for a guarded transition.
    ///
    /// - Parameter transition: A position in the description's transitions.
    public func describe(transition: Int) -> String {
        let described = space.machine.transitions[transition]
        let targets = described.targets.isEmpty ? "(targetless)" : described.targets.joined(separator: " ")
        let guardText = described.condition == nil ? "" : " [\(described.condition ?? "")]"
        return "'\(described.source) --\(described.event ?? "eventless")\(guardText)--> \(targets)'"
    }
}
