/// A delayed transition: while the enclosing state stays active for `delay`, the chart sends itself
/// `event` and takes the transition.
///
/// It is SCXML's idiom spelled out: the state's entry sends `event` with the delay and an identifier,
/// its exit cancels that identifier (SCXML 1.0 §6.2, §6.3), and a transition on `event` leaves. The
/// event goes through the external queue, so observers see it.
///
/// ```swift
/// ChartState(.paused) {
///     AfterDelay(.seconds(30), send: .timeout, target: .stopped)
/// }
/// ```
public struct AfterDelay<StateID: Hashable & Sendable, Event, Context> {
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
        element = ChartElement(
            kind: .delayed(
                makeSend: { id in { _, scope in scope.send(event, after: delay, id: id) } },
                transition: transition))
    }
}
