/// A state of a chart: atomic when its content holds no state, compound otherwise (SCXML 1.0 §3.3).
///
/// ```swift
/// ChartState(.on, initial: .stopped) {
///     OnEvent(.power, target: .off)
///     ChartState(.stopped) { OnEvent(.play, target: .playing) }
///     ChartState(.playing) { OnEvent(.stop, target: .stopped) }
/// }
/// ```
public struct ChartState<StateID: Hashable & Sendable, Event, Context> {
    /// The element this state stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Creates a state.
    ///
    /// - Parameters:
    ///   - id: The state's identifier, unique in the chart.
    ///   - initial: The child entered by default; required when the content holds states.
    ///   - content: Child states, transitions and entry and exit actions.
    public init(
        _ id: StateID, initial: StateID? = nil,
        @ChartBuilder<StateID, Event, Context> content: () -> [ChartElement<StateID, Event, Context>] = { [] }
    ) {
        element = .state(id, initial: initial.map { [$0] }, children: content())
    }

    /// Creates a compound state whose initial transition has content (SCXML's `<initial>` element).
    ///
    /// - Parameters:
    ///   - id: The state's identifier, unique in the chart.
    ///   - initial: The child entered by default.
    ///   - initialAction: Content of the initial transition, run after the state's entry actions when it
    ///     is entered by default.
    ///   - content: Child states, transitions and entry and exit actions.
    public init(
        _ id: StateID, initial: StateID, initialAction: @escaping ChartAction<StateID, Event, Context>,
        @ChartBuilder<StateID, Event, Context> content: () -> [ChartElement<StateID, Event, Context>]
    ) {
        element = .state(id, initial: [initial], initialAction: initialAction, children: content())
    }
}
