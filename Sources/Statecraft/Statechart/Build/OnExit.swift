/// An exit action of the enclosing state (SCXML 1.0 §3.9).
public struct OnExit<StateID: Hashable & Sendable, Event, Context> {
    /// The element this action stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Creates an exit action.
    ///
    /// - Parameter action: Runs when the state is exited, after its descendants' exit actions.
    public init(_ action: @escaping ChartAction<StateID, Event, Context>) {
        element = .exit(action)
    }
}
