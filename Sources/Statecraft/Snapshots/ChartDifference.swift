/// One way in which the chart a snapshot was taken from differs from the chart restoring it, found by
/// comparing their ``ChartFingerprint``s.
public enum ChartDifference: Hashable, Sendable, CustomStringConvertible {
    /// The snapshot's chart has this state; the restoring chart does not.
    case stateRemoved(String)
    /// The restoring chart has this state; the snapshot's chart did not.
    case stateAdded(String)
    /// Both charts have this state, but its kind, parent, initial child or transitions differ.
    case stateChanged(String)

    /// A phrase naming the state and the difference.
    public var description: String {
        switch self {
        case .stateRemoved(let state): "the snapshot's chart has state \"\(state)\", this chart does not"
        case .stateAdded(let state): "this chart has state \"\(state)\", the snapshot's chart did not"
        case .stateChanged(let state): "state \"\(state)\" has another kind, parent, initial child or transitions"
        }
    }
}
