/// Where the effects of a macrostep recorded as its plan (``ChartMacrostep/plannedMicrostep``) are.
@usableFromInline
enum ChartPlannedRecordEffects: UInt8, Sendable {
    /// It has none.
    case none
    /// In the record's box, emptied for them first: actions asked for them while the planned step ran
    /// (``ChartInterpreter/takeRestOfPlannedMacrostep(stepping:event:plan:index:actions:count:after:skippedTimers:scopeBox:tracing:bound:)``).
    case inRecords
    /// In the plan: they are the sends and cancels of the timers its actions start and cancel
    /// (``ChartPlannedAction/timerOperation``), which the step skipped; the record lists them from the plan when
    /// read, and the machine performs them from it (``ChartRuntime/performTimers(of:in:)``).
    case inPlan
}
