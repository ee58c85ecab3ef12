/// One transition of a ``MachineDescription``: from a source state, on an event, to target states.
///
/// A transition without an ``event`` is *eventless* (taken as soon as its ``condition`` holds); one with
/// no ``targets`` is *targetless* (it runs its actions without leaving the source state).
public struct TransitionDescription: Sendable, Hashable, Codable {
    /// Whether taking the transition leaves the source state: ``ChartTransitionKind/external`` (the
    /// source is exited and the targets entered; exit and enter hooks run) or
    /// ``ChartTransitionKind/internal`` (the source is not exited: a same-state update, or a transition
    /// to its own descendants). The same type as the chart DSL's.
    public typealias Kind = ChartTransitionKind

    /// The identifier of the state the transition leaves from.
    public var source: String
    /// The identifier of the triggering event, or `nil` for an eventless transition.
    public var event: String?
    /// The identifiers of the target states; empty for a targetless transition.
    public var targets: [String]
    /// Whether the transition leaves its source state.
    public var kind: Kind
    /// A label for the condition guarding the transition, or `nil` when it is unguarded.
    public var condition: String?

    /// Creates a transition description.
    ///
    /// - Parameters:
    ///   - source: The state the transition leaves from.
    ///   - event: The triggering event, or `nil` for an eventless transition.
    ///   - targets: The target states; empty for a targetless transition.
    ///   - kind: ``ChartTransitionKind/external`` by default.
    ///   - condition: A label for the guarding condition, if any.
    public init(
        source: String, event: String?, targets: [String], kind: Kind = .external,
        condition: String? = nil
    ) {
        self.source = source
        self.event = event
        self.targets = targets
        self.kind = kind
        self.condition = condition
    }

    /// Creates a transition to a single target.
    ///
    /// - Parameters:
    ///   - source: The state the transition leaves from.
    ///   - event: The triggering event, or `nil` for an eventless transition.
    ///   - target: The target state.
    ///   - kind: ``ChartTransitionKind/external`` by default.
    ///   - condition: A label for the guarding condition, if any.
    public init(
        source: String, event: String?, target: String, kind: Kind = .external,
        condition: String? = nil
    ) {
        self.init(source: source, event: event, targets: [target], kind: kind, condition: condition)
    }
}
