/// A final state (SCXML 1.0 §3.7). Entering one raises `done.state.<parent>`; entering a top-level
/// one finishes the chart.
public struct FinalState<StateID: Hashable & Sendable, Event, Context> {
    /// The element this state stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Creates a final state.
    ///
    /// - Parameters:
    ///   - id: The state's identifier, unique in the chart.
    ///   - content: Entry and exit actions.
    public init(
        _ id: StateID,
        @ChartBuilder<StateID, Event, Context> content: () -> [ChartElement<StateID, Event, Context>] = { [] }
    ) {
        element = .final(id, children: content())
    }
}
