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
    /// A delayed event of the running machine cannot be saved: its scheduler does not tell the time left
    /// (``ChartScheduler/remainingDelay(of:)``). `id` is the event's send identifier, if any.
    case unmeasurableDelay(id: String?)
    /// The migration hook threw; the text is the hook's error.
    case migrationFailed(String)
    /// The snapshot's JSON does not have the shape of a snapshot (after migration, if any): what was
    /// expected, and where.
    case malformed(String)

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
        case .unmeasurableDelay(let id):
            let name = id.map { "delayed event \"\($0)\"" } ?? "a delayed event"
            return "\(name) cannot be saved: the machine's scheduler does not tell how long it still waits"
        case .migrationFailed(let reason):
            return "the snapshot migration failed: \(reason)"
        case .malformed(let reason):
            return "the snapshot is malformed: \(reason)"
        }
    }
}
