/// A transition fired by an event (SCXML 1.0 §3.5).
///
/// ```swift
/// On(.play, target: .playing)                                   // an event case without payload
/// On(.volume(0), kind: .internal, action: { context, _ in context.muted = true })
/// On(matching: { if case .seek = $0 { true } else { false } }, label: "seek", target: .seeking)
/// ```
///
/// Without a target the transition is targetless: it runs its action and exits and enters nothing.
public struct On<StateID: Hashable & Sendable, Event, Context> {
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
            on: .event(event), targets: target.map { [$0] } ?? [], kind: kind, guard: guardCondition,
            action: action)
    }

    /// A transition on every event satisfying `predicate` — an event case with a payload, matched by case.
    ///
    /// - Parameters:
    ///   - predicate: Whether an event fires the transition.
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
            guard: guardCondition, action: action)
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
        element = .transition(on: trigger, targets: targets, kind: kind, guard: guardCondition, action: action)
    }
}

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
            on: nil, targets: target.map { [$0] } ?? [], kind: kind, guard: guardCondition, action: action)
    }
}

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
            on: .done(state), targets: target.map { [$0] } ?? [], kind: kind, guard: guardCondition,
            action: action)
    }
}

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
            on: .error, targets: target.map { [$0] } ?? [], kind: kind, guard: guardCondition, action: action)
    }
}

/// A delayed transition: while the enclosing state stays active for `delay`, the chart sends itself
/// `event` and takes the transition.
///
/// It is SCXML's idiom spelled out: the state's entry sends `event` with the delay and an identifier,
/// its exit cancels that identifier (SCXML 1.0 §6.2, §6.3), and a transition on `event` leaves. The
/// event goes through the external queue, so observers see it.
///
/// ```swift
/// ChartState(.paused) {
///     After(.seconds(30), send: .timeout, target: .stopped)
/// }
/// ```
public struct After<StateID: Hashable & Sendable, Event, Context> {
    /// The element this transition stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Creates a delayed transition.
    ///
    /// - Parameters:
    ///   - delay: How long the state must stay active.
    ///   - event: The timer event the chart sends itself.
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled when the timer fires.
    ///   - action: Runs between the exits and the entries.
    public init(
        _ delay: Duration, send event: Event, target: StateID? = nil, kind: ChartTransitionKind = .external,
        when guardCondition: ChartGuard<StateID, Event, Context>? = nil,
        action: ChartAction<StateID, Event, Context>? = nil
    ) where Event: Equatable & Sendable {
        let transition = ChartElement<StateID, Event, Context>.TransitionSpec(
            trigger: .event(event), targets: target.map { [$0] } ?? [], kind: kind,
            guardCondition: guardCondition, action: action)
        element = ChartElement(kind: .delayed(
            makeSend: { id in { _, scope in scope.send(event, after: delay, id: id) } },
            transition: transition))
    }
}
