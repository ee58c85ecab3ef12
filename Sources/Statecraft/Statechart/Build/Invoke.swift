/// Work a state runs while it is active: an async operation or a child chart, started after the
/// macrostep that entered the state and cancelled when the state is left (SCXML 1.0 §6.4 `<invoke>`).
///
/// An operation ends in an event of the chart — `onDone` with its result, `onError` with what it threw:
///
/// ```swift
/// ChartState(.loading) {
///     Invoke("fetch", operation: { try await fetchUser() }, onDone: { .loaded($0) }, onError: { _ in .failed })
///     OnEvent(.failed, target: .error)
/// }
/// ```
///
/// A child chart runs as a ``StateMachine`` of its own on the same isolation. It talks to its parent with
/// ``ChartScope/sendToParent(_:)`` (mapped by `fromChild`), the parent talks to it with
/// ``ChartScope/send(_:toInvocation:)`` (mapped by `toChild`, which `autoforward` also uses for every
/// external event), and when it reaches a top-level final state the parent receives `onDone` of its
/// context. Its delayed events run on the parent's run loop.
///
/// Like effects, invocations run while ``StateMachine/run(clock:isolation:)`` runs; a child chart's
/// first macrostep runs at once, its timers wait for the run loop.
public struct Invoke<StateID: Hashable & Sendable, Event: Sendable, Context> {
    /// The element this invocation stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Invokes an async operation.
    ///
    /// - Parameters:
    ///   - id: The invocation's identifier; empty (the default) names it after the state,
    ///     `"<state>.invoke.<n>"`.
    ///   - operation: The work; cancelled when the state is left.
    ///   - onDone: The event the machine receives with the operation's result.
    ///   - onError: The event the machine receives when the operation throws (not when it is cancelled).
    public init<Output: Sendable>(
        _ id: String = "", operation: @escaping @Sendable () async throws -> Output,
        onDone: @escaping @Sendable (Output) -> Event, onError: @escaping @Sendable (any Error) -> Event
    ) {
        element = ChartElement(
            kind: .invoke(
                ChartInvocation(id: id, autoforward: false, in: Statechart<StateID, Event, Context>.self) { host in
                    OperationInvocation(host: host, operation: operation, onDone: onDone, onError: onError)
                }))
    }

    /// Invokes a child chart.
    ///
    /// - Parameters:
    ///   - id: The invocation's identifier, the target of ``ChartScope/send(_:toInvocation:)``; empty
    ///     (the default) names it after the state, `"<state>.invoke.<n>"`.
    ///   - chart: The child chart; it starts in its initial context.
    ///   - autoforward: Whether every external event of the parent is also sent to the child (through
    ///     `toChild`) before the parent handles it.
    ///   - toChild: Turns a parent event into a child event; `nil` refuses it.
    ///   - fromChild: Turns what the child sends its parent into a parent event; `nil` drops it.
    ///   - onDone: The event the parent receives with the child's context when the child reaches a
    ///     top-level final state; `nil` sends none.
    public init<ChildState, ChildEvent: Sendable, ChildContext: Sendable>(
        _ id: String = "", chart: Statechart<ChildState, ChildEvent, ChildContext>, autoforward: Bool = false,
        toChild: @escaping @Sendable (Event) -> ChildEvent? = { _ in nil },
        fromChild: @escaping @Sendable (ChildEvent) -> Event? = { _ in nil },
        onDone: (@Sendable (ChildContext) -> Event)? = nil
    ) {
        element = ChartElement(
            kind: .invoke(
                ChartInvocation(id: id, autoforward: autoforward, in: Statechart<StateID, Event, Context>.self) {
                    host in
                    ChildChartInvocation(
                        chart: chart, host: host, toChild: toChild, fromChild: fromChild, onDone: onDone)
                }))
    }
}
