/// An entry action of the enclosing state (SCXML 1.0 §3.8).
public struct OnEntry<StateID: Hashable & Sendable, Event, Context> {
    /// The element this action stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Creates an entry action.
    ///
    /// - Parameter action: Runs when the state is entered, after its ancestors' entry actions.
    public init(_ action: @escaping ChartAction<StateID, Event, Context>) {
        element = .entry(action)
    }
}
