/// A transition on `error.execution`: a guard or an action threw (SCXML 1.0 §3.12.2).
public struct OnError<StateID: Hashable & Sendable, Event, Context> {
    /// The element this transition stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Creates a transition on `error.execution`.
    ///
    /// - Parameters:
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled; `scope.signal` holds the error.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        target: StateID? = nil, kind: ChartTransitionKind = .external,
        when guardCondition: ChartGuard<StateID, Event, Context>? = nil,
        action: ChartAction<StateID, Event, Context>? = nil
    ) {
        element = .transition(
            on: .error, targets: target.map { [$0] } ?? [], kind: kind, when: guardCondition, action: action)
    }

    /// Creates a transition on `error.execution` with a named guard.
    ///
    /// - Parameters:
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled, and the name diagrams and exports show;
    ///     `scope.signal` holds the error.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        target: StateID? = nil, kind: ChartTransitionKind = .external,
        when guardCondition: NamedChartGuard<StateID, Event, Context>,
        action: ChartAction<StateID, Event, Context>? = nil
    ) {
        element = .transition(
            on: .error, targets: target.map { [$0] } ?? [], kind: kind, when: guardCondition, action: action)
    }
}
