/// Why a chart definition was rejected when it was built. Each case names the offending state.
public enum ChartError<StateID: Hashable & Sendable>: Error, Equatable, CustomStringConvertible {
    /// The chart has no state.
    case emptyChart
    /// Two states share the identifier (SCXML 1.0 §3.14).
    case duplicateState(StateID)
    /// A transition of `source` (or the chart's initial transition when `source` is `nil`) targets a
    /// state that does not exist.
    case unknownTarget(source: StateID?, target: StateID)
    /// The compound state has child states but no initial child.
    case missingInitialChild(StateID)
    /// The initial target of `state` (or of the chart when `nil`) is not a proper descendant of it
    /// (SCXML 1.0 §3.3), or is a history state of another parent.
    case invalidInitialChild(state: StateID?, target: StateID)
    /// An initial child was given for a state that has no child states.
    case initialOnAtomicState(StateID)
    /// The history state is not the child of a compound or parallel state (SCXML 1.0 §3.10).
    case misplacedHistory(StateID)
    /// The default target of the history state is not a descendant of its parent (SCXML 1.0 §3.10).
    case invalidHistoryDefault(history: StateID, target: StateID)
    /// A final state holds child states or transitions (SCXML 1.0 §3.7).
    case invalidFinalContent(StateID)
    /// A final state is the direct child of a parallel state, where it could never complete it
    /// (SCXML 1.0 §3.4: a parallel state's children are states, parallel states and history states).
    case finalInParallel(StateID)
    /// An element that is not a state (a transition or an action) sits at the top level of the chart.
    case contentOutsideState(String)
    /// Two delayed transitions (``AfterDelay``) were given the same timer identifier; `state` holds the
    /// second one. Cancelling one timer on exit would cancel the other's.
    case duplicateDelayID(String, state: StateID)

    /// A sentence naming the offending state.
    public var description: String {
        switch self {
        case .emptyChart:
            "the chart has no state"
        case .duplicateState(let id):
            "state '\(id)' is defined more than once"
        case .unknownTarget(let source, let target):
            if let source {
                "a transition of state '\(source)' targets unknown state '\(target)'"
            } else {
                "the chart's initial state '\(target)' does not exist"
            }
        case .missingInitialChild(let id):
            "compound state '\(id)' has child states but no initial child"
        case .invalidInitialChild(let state, let target):
            if let state {
                "the initial target '\(target)' of state '\(state)' is not a descendant of it"
            } else {
                "the chart's initial target '\(target)' is not a state of the chart"
            }
        case .initialOnAtomicState(let id):
            "state '\(id)' names an initial child but has no child states"
        case .misplacedHistory(let id):
            "history state '\(id)' must be the child of a compound or parallel state"
        case .invalidHistoryDefault(let history, let target):
            "the default target '\(target)' of history state '\(history)' is not a descendant of its parent"
        case .invalidFinalContent(let id):
            "final state '\(id)' may hold only entry and exit actions"
        case .finalInParallel(let id):
            "final state '\(id)' cannot be a region of a parallel state; wrap it in a compound state"
        case .contentOutsideState(let what):
            "\(what) at the top level of the chart must be inside a state"
        case .duplicateDelayID(let id, let state):
            "the delayed transition of state '\(state)' uses the timer id '\(id)' that another delayed transition uses"
        }
    }
}
