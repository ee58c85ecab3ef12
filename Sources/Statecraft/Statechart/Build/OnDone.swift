/// A transition on `done.state.<state>`: the compound state reached a final child, or every region of
/// the parallel state reached a final state (SCXML 1.0 §3.7.1).
public struct OnDone<StateID: Hashable & Sendable, Event, Context> {
    /// The element this transition stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Creates a transition on `done.state.<state>`.
    ///
    /// - Parameters:
    ///   - state: The compound or parallel state whose completion fires the transition.
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        _ state: StateID, target: StateID? = nil, kind: ChartTransitionKind = .external,
        when guardCondition: ChartGuard<StateID, Event, Context>? = nil,
        action: ChartAction<StateID, Event, Context>? = nil
    ) {
        element = .transition(
            on: .done(state), targets: target.map { [$0] } ?? [], kind: kind, when: guardCondition,
            action: action)
    }

    /// Creates a transition on `done.state.<state>` with a named guard.
    ///
    /// - Parameters:
    ///   - state: The compound or parallel state whose completion fires the transition.
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled, and the name diagrams and exports show.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        _ state: StateID, target: StateID? = nil, kind: ChartTransitionKind = .external,
        when guardCondition: NamedChartGuard<StateID, Event, Context>,
        action: ChartAction<StateID, Event, Context>? = nil
    ) {
        element = .transition(
            on: .done(state), targets: target.map { [$0] } ?? [], kind: kind, when: guardCondition,
            action: action)
    }
}
