/// The calls the actions of recording tables made (``ChartTables/recordingActions(into:)``), while a chart
/// is built: the actions each planned microstep runs (``ChartPlannedAction``).
final class ChartActionLog: @unchecked Sendable {
    // `@unchecked`: used by one thread, while the chart is built.
    /// The calls recorded, in order.
    var entries: [ChartPlannedAction] = []
}
