/// Why a machine could not be saved or restored.
///
/// Each case names what differs, so that the message says what to change:
///
/// ```swift
/// do {
///     let machine = try StateMachine(chart: checkout, restoring: saved)
/// } catch {
///     print(error)   // the snapshot's chart has state "paying", this chart does not; …
/// }
/// ```
public enum SnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The snapshot was written by a newer Statecraft, in a format this one does not read.
    case newerFormat(found: Int, supported: Int)
    /// The snapshot was taken from another chart: the differences between the snapshot's chart and this
    /// one, by state.
    case differentChart([ChartDifference])
    /// The snapshot names a state the chart does not have (`String(describing:)` of it), in `place` —
    /// `configuration`, `history of h`, `final state`.
    case unknownState(String, place: String)
    /// The snapshot records history for a state that is not a history state of the chart.
    case notAHistoryState(String)
    /// The migration hook threw; the text is the hook's error.
    case migrationFailed(String)
    /// The snapshot's JSON does not have the shape of a snapshot (after migration, if any): what was
    /// expected, and where.
    case malformed(String)
    /// The machine runs invocations (``Invoke``), whose children and async work a snapshot cannot hold:
    /// their identifiers, in the order they started. Take the snapshot in a state that invokes nothing.
    case invocationsRunning([String])

    /// A sentence naming what differs.
    public var description: String {
        switch self {
        case .newerFormat(let found, let supported):
            return "the snapshot has format version \(found); this Statecraft reads versions up to \(supported)"
        case .differentChart(let differences):
            let list = differences.map(\.description).joined(separator: "; ")
            return "the snapshot was taken from another chart: \(list)"
        case .unknownState(let state, let place):
            return "the snapshot's \(place) names state \"\(state)\", which the chart does not have"
        case .notAHistoryState(let state):
            return "the snapshot records history for \"\(state)\", which is not a history state of the chart"
        case .migrationFailed(let reason):
            return "the snapshot migration failed: \(reason)"
        case .malformed(let reason):
            return "the snapshot is malformed: \(reason)"
        case .invocationsRunning(let ids):
            return "the machine cannot be saved while invocations run: \(ids.joined(separator: ", "))"
        }
    }
}
