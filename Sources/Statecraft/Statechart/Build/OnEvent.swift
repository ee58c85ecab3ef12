/// A transition fired by an event (SCXML 1.0 §3.5).
///
/// ```swift
/// OnEvent(.play, target: .playing)                                   // an event case without payload
/// OnEvent(.volume(0), kind: .internal, action: { context, _ in context.muted = true })
/// OnEvent(matching: { if case .seek = $0 { true } else { false } }, label: "seek", target: .seeking)
/// ```
///
/// Without a target the transition is targetless: it runs its action and exits and enters nothing.
public struct OnEvent<StateID: Hashable & Sendable, Event, Context> {
    /// The element this transition stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// A transition on an event matched by equality.
    ///
    /// - Parameters:
    ///   - event: The event that fires the transition.
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        _ event: Event, target: StateID? = nil, kind: ChartTransitionKind = .external,
        when guardCondition: ChartGuard<StateID, Event, Context>? = nil,
        action: ChartAction<StateID, Event, Context>? = nil
    ) where Event: Equatable & Sendable {
        element = .transition(
            on: .event(event), targets: target.map { [$0] } ?? [], kind: kind, when: guardCondition,
            action: action)
    }

    /// A transition on every event satisfying `predicate` — an event case with a payload, matched by case.
    ///
    /// - Parameters:
    ///   - predicate: Whether an event fires the transition: a pure function of the event (see
    ///     ``ChartTrigger``).
    ///   - label: The label diagrams print.
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        matching predicate: @escaping @Sendable (Event) -> Bool, label: String, target: StateID? = nil,
        kind: ChartTransitionKind = .external, when guardCondition: ChartGuard<StateID, Event, Context>? = nil,
        action: ChartAction<StateID, Event, Context>? = nil
    ) {
        element = .transition(
            on: .matching(label: label, predicate), targets: target.map { [$0] } ?? [], kind: kind,
            when: guardCondition, action: action)
    }

    /// A transition on any trigger, with any number of targets.
    ///
    /// - Parameters:
    ///   - trigger: What fires the transition.
    ///   - targets: The targets; empty makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        _ trigger: ChartTrigger<StateID, Event>, targets: [StateID] = [], kind: ChartTransitionKind = .external,
        when guardCondition: ChartGuard<StateID, Event, Context>? = nil,
        action: ChartAction<StateID, Event, Context>? = nil
    ) {
        element = .transition(on: trigger, targets: targets, kind: kind, when: guardCondition, action: action)
    }

    /// A transition on an event matched by equality, with a named guard.
    ///
    /// ```swift
    /// OnEvent(.checkout, target: .paying, when: .named("hasItems") { context, _ in !context.items.isEmpty })
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event that fires the transition.
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled, and the name diagrams and exports show.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        _ event: Event, target: StateID? = nil, kind: ChartTransitionKind = .external,
        when guardCondition: NamedChartGuard<StateID, Event, Context>,
        action: ChartAction<StateID, Event, Context>? = nil
    ) where Event: Equatable & Sendable {
        element = .transition(
            on: .event(event), targets: target.map { [$0] } ?? [], kind: kind, when: guardCondition,
            action: action)
    }

    /// A transition on every event satisfying `predicate`, with a named guard.
    ///
    /// - Parameters:
    ///   - predicate: Whether an event fires the transition: a pure function of the event.
    ///   - label: The label diagrams print.
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled, and the name diagrams and exports show.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        matching predicate: @escaping @Sendable (Event) -> Bool, label: String, target: StateID? = nil,
        kind: ChartTransitionKind = .external, when guardCondition: NamedChartGuard<StateID, Event, Context>,
        action: ChartAction<StateID, Event, Context>? = nil
    ) {
        element = .transition(
            on: .matching(label: label, predicate), targets: target.map { [$0] } ?? [], kind: kind,
            when: guardCondition, action: action)
    }

    /// A transition on any trigger, with any number of targets and a named guard.
    ///
    /// - Parameters:
    ///   - trigger: What fires the transition.
    ///   - targets: The targets; empty makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled, and the name diagrams and exports show.
    ///   - action: Runs between the exits and the entries.
    @inlinable
    public init(
        _ trigger: ChartTrigger<StateID, Event>, targets: [StateID] = [], kind: ChartTransitionKind = .external,
        when guardCondition: NamedChartGuard<StateID, Event, Context>,
        action: ChartAction<StateID, Event, Context>? = nil
    ) {
        element = .transition(on: trigger, targets: targets, kind: kind, when: guardCondition, action: action)
    }
}
