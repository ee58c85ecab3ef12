/// A parallel state: all its child states (regions) are active together (SCXML 1.0 §3.4).
public struct ParallelState<StateID: Hashable & Sendable, Event, Context> {
    /// The element this state stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Creates a parallel state.
    ///
    /// - Parameters:
    ///   - id: The state's identifier, unique in the chart.
    ///   - content: The regions, transitions and entry and exit actions.
    public init(
        _ id: StateID,
        @ChartBuilder<StateID, Event, Context> content: () -> [ChartElement<StateID, Event, Context>]
    ) {
        element = .parallel(id, children: content())
    }
}
