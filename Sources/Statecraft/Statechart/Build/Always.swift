/// An eventless transition: taken as soon as its guard holds, before any event (SCXML 1.0 §3.13).
public struct Always<StateID: Hashable & Sendable, Event, Context> {
    /// The element this transition stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Creates an eventless transition.
    ///
    /// - Parameters:
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        target: StateID? = nil, kind: ChartTransitionKind = .external,
        when guardCondition: ChartGuard<StateID, Event, Context>? = nil,
        action: ChartAction<StateID, Event, Context>? = nil
    ) {
        element = .transition(
            on: nil, targets: target.map { [$0] } ?? [], kind: kind, when: guardCondition, action: action)
    }

    /// Creates an eventless transition with a named guard.
    ///
    /// ```swift
    /// Always(target: .empty, when: .named("isEmpty") { context, _ in context.items.isEmpty })
    /// ```
    ///
    /// - Parameters:
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled, and the name diagrams and exports show.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        target: StateID? = nil, kind: ChartTransitionKind = .external,
        when guardCondition: NamedChartGuard<StateID, Event, Context>,
        action: ChartAction<StateID, Event, Context>? = nil
    ) {
        element = .transition(
            on: nil, targets: target.map { [$0] } ?? [], kind: kind, when: guardCondition, action: action)
    }
}
