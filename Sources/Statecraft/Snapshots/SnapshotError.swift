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
    /// The snapshot's configuration, history or final state is not one the chart can be in (SCXML 1.0
    /// §3.11): each problem named — a state active without its parent, a compound state with two active
    /// children, a parallel state missing a region, an active history state…
    case illegalConfiguration([String])
    /// A time does not fit the snapshot's nanoseconds (about ±292 years): what it is and its value.
    case timeOutOfRange(String)

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
        case .illegalConfiguration(let problems):
            return "the snapshot's configuration is not legal: \(problems.joined(separator: "; "))"
        case .timeOutOfRange(let what):
            return "\(what) does not fit a snapshot (at most \(Int64.max) ns, about 292 years)"
        }
    }
}
