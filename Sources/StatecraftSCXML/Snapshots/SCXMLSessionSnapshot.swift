import Statecraft

/// The saved form of an ``SCXMLSession``: the chart's snapshot — configuration, history, data model,
/// delayed events with their remaining time and send ids — plus the session's virtual time and the
/// events still waiting in its external queue.
///
/// `statecraft run FILE --save-snapshot PATH` writes one as JSON; `--restore PATH` continues from it.
public struct SCXMLSessionSnapshot: Codable, Sendable, Equatable {
    /// The chart's snapshot.
    public var chart: StatechartSnapshot<String, SCXMLEvent, SCXMLDataModel>
    /// The session's virtual time when it was saved, in nanoseconds.
    public var nowNanoseconds: Int64
    /// The events waiting in the external queue, front first (usually none: runs save between items).
    public var queuedEvents: [SCXMLEvent]

    /// Creates a session snapshot.
    ///
    /// - Parameters:
    ///   - chart: The chart's snapshot.
    ///   - now: The session's virtual time; rounded to nanoseconds, and held at `Int64.max` nanoseconds
    ///     (about 292 years) when later. ``SCXMLSession/saveSnapshot()`` refuses such a time instead.
    ///   - queuedEvents: The events waiting in the external queue.
    public init(
        chart: StatechartSnapshot<String, SCXMLEvent, SCXMLDataModel>, now: Duration, queuedEvents: [SCXMLEvent]
    ) {
        self.chart = chart
        nowNanoseconds = now.saturatingSnapshotNanoseconds
        self.queuedEvents = queuedEvents
    }
}
