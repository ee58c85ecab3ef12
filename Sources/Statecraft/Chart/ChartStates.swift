/// A state of a chart: atomic when its content holds no state, compound otherwise (SCXML 1.0 §3.3).
///
/// ```swift
/// ChartState(.on, initial: .stopped) {
///     On(.power, target: .off)
///     ChartState(.stopped) { On(.play, target: .playing) }
///     ChartState(.playing) { On(.stop, target: .stopped) }
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

/// A parallel state: all its child states (regions) are active together (SCXML 1.0 §3.4).
public struct Parallel<StateID: Hashable & Sendable, Event, Context> {
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

/// A final state (SCXML 1.0 §3.7). Entering one raises `done.state.<parent>`; entering a top-level
/// one finishes the chart.
public struct Final<StateID: Hashable & Sendable, Event, Context> {
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

/// A history pseudo-state (SCXML 1.0 §3.10): a transition targeting it re-enters the states its parent
/// had when last exited, or follows the default transition the first time.
public struct History<StateID: Hashable & Sendable, Event, Context> {
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
