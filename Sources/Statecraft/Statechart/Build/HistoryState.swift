/// A history pseudo-state (SCXML 1.0 §3.10): a transition targeting it re-enters the states its parent
/// had when last exited, or follows the default transition the first time.
public struct HistoryState<StateID: Hashable & Sendable, Event, Context> {
    /// The element this state stands for.
    public let element: ChartElement<StateID, Event, Context>

    /// Creates a history state.
    ///
    /// - Parameters:
    ///   - id: The history state's identifier, unique in the chart.
    ///   - depth: Shallow (the parent's active children) or deep (its active atomic descendants).
    ///   - defaultTarget: Where to go when no history was recorded; `nil` means the parent's initial child.
    ///   - action: Content of the default transition.
    public init(
        _ id: StateID, _ depth: ChartHistoryDepth = .shallow, default defaultTarget: StateID? = nil,
        action: ChartAction<StateID, Event, Context>? = nil
    ) {
        element = .history(id, depth: depth, defaultTargets: defaultTarget.map { [$0] }, defaultAction: action)
    }
}
