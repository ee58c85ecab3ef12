/// One transition of a ``MachineDescription``: from a source state, on an event, to target states.
///
/// A transition without an ``event`` is *eventless* (taken as soon as its ``condition`` holds); one with
/// no ``targets`` is *targetless* (it runs its actions without leaving the source state). One with a
/// ``delay`` is *delayed*: entering the source sends ``event`` after the delay, leaving it cancels the timer
/// ``delayID`` (``AfterDelay``).
public struct TransitionDescription: Sendable, Hashable {
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
    /// A label for the condition guarding the transition, or `nil` when it is unguarded: an expression
    /// (`timer > 0` from SCXML), or the name of a guard (`hasItems`) when ``isConditionOpaque``.
    public var condition: String?
    /// Whether ``condition`` names a guard whose code tools cannot see — a Swift guard
    /// (``NamedChartGuard``, or `guard1`, `guard2`… for an unnamed one) — rather than an expression they
    /// can evaluate. Validation treats such a condition as possibly true and possibly false; an SCXML export
    /// writes it as `cond="statecraft.guard('hasItems')"`.
    public var isConditionOpaque: Bool
    /// How long after the source state is entered the chart sends itself ``event``, for a delayed
    /// transition (``AfterDelay``); `nil` otherwise.
    public var delay: Duration?
    /// The identifier of a delayed transition's timer, which leaving the source state cancels; `nil` when
    /// the transition is not delayed or the description does not know it.
    public var delayID: String?

    /// Creates a transition description.
    ///
    /// - Parameters:
    ///   - source: The state the transition leaves from.
    ///   - event: The triggering event, or `nil` for an eventless transition.
    ///   - targets: The target states; empty for a targetless transition.
    ///   - kind: ``ChartTransitionKind/external`` by default.
    ///   - condition: A label for the guarding condition, if any.
    ///   - isConditionOpaque: Whether `condition` names a guard tools cannot evaluate.
    ///   - delay: For a delayed transition, how long after entering `source` the event is sent.
    ///   - delayID: For a delayed transition, the identifier of its timer.
    public init(
        source: String, event: String?, targets: [String], kind: Kind = .external,
        condition: String? = nil, isConditionOpaque: Bool = false, delay: Duration? = nil, delayID: String? = nil
    ) {
        self.source = source
        self.event = event
        self.targets = targets
        self.kind = kind
        self.condition = condition
        self.isConditionOpaque = isConditionOpaque
        self.delay = delay
        self.delayID = delayID
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
