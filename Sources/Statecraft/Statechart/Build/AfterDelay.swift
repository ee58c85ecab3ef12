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
///     AfterDelay(.seconds(5), send: .remind, id: "paused.reminder", kind: .internal)
/// }
/// ```
///
/// The timer's identifier — what `cancelDelayedEvent(id:)`, traces and `MachineTestStore` messages name — is
/// `id` when given, used verbatim. Otherwise it is `statecraft.after.<state>.<event>` from the state's and the
/// event's descriptions (`statecraft.after.paused.timeout`), so it does not change when states are added or
/// moved elsewhere in the chart; a second delayed transition on the same event in the same state gets
/// `.2` appended, a third `.3`, in document order.
public struct AfterDelay<StateID: Hashable & Sendable, Event, Context> {
    /// The element this transition stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Creates a delayed transition.
    ///
    /// - Parameters:
    ///   - delay: How long the state must stay active.
    ///   - event: The timer event the chart sends itself.
    ///   - id: The timer's identifier; `nil` (the default) derives one from the state and the event. Two
    ///     delayed transitions of a chart cannot share one (``ChartError/duplicateDelayID(_:state:)``).
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled when the timer fires.
    ///   - action: Runs between the exits and the entries.
    public init(
        _ delay: Duration, send event: Event, id: String? = nil, target: StateID? = nil,
        kind: ChartTransitionKind = .external, when guardCondition: ChartGuard<StateID, Event, Context>? = nil,
        action: ChartAction<StateID, Event, Context>? = nil
    ) where Event: Equatable & Sendable {
        element = Self.element(
            delay, event: event, id: id, target: target, kind: kind, guardCondition: guardCondition, guardName: nil,
            action: action)
    }

    /// Creates a delayed transition with a named guard.
    ///
    /// ```swift
    /// AfterDelay(.seconds(30), send: .timeout, target: .stopped, when: .named("isIdle") { context, _ in context.idle })
    /// ```
    ///
    /// - Parameters:
    ///   - delay: How long the state must stay active.
    ///   - event: The timer event the chart sends itself.
    ///   - id: The timer's identifier; `nil` (the default) derives one from the state and the event.
    ///   - target: The target state; `nil` makes the transition targetless.
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether the transition is enabled when the timer fires, and the name diagrams and
    ///     exports show.
    ///   - action: Runs between the exits and the entries.
    public init(
        _ delay: Duration, send event: Event, id: String? = nil, target: StateID? = nil,
        kind: ChartTransitionKind = .external, when guardCondition: NamedChartGuard<StateID, Event, Context>,
        action: ChartAction<StateID, Event, Context>? = nil
    ) where Event: Equatable & Sendable {
        element = Self.element(
            delay, event: event, id: id, target: target, kind: kind, guardCondition: guardCondition.condition,
            guardName: guardCondition.name, action: action)
    }

    private static func element(
        _ delay: Duration, event: Event, id: String?, target: StateID?, kind: ChartTransitionKind,
        guardCondition: ChartGuard<StateID, Event, Context>?, guardName: String?,
        action: ChartAction<StateID, Event, Context>?
    ) -> ChartElement<StateID, Event, Context> where Event: Equatable & Sendable {
        let transition = ChartElement<StateID, Event, Context>.TransitionSpec(
            trigger: .event(event), targets: target.map { [$0] } ?? [], kind: kind,
            guardCondition: guardCondition, action: action, guardName: guardName)
        return ChartElement(
            kind: .delayed(
                ChartElement.DelayedTimer(
                    event: event, makeSend: { id in { _, scope in scope.send(event, after: delay, id: id) } },
                    delay: delay, id: id),
                transition: transition))
    }
}
