import Statecraft

/// Why ``SCXMLSession/run(input:eventLimit:finishDelayedEvents:onMacrostep:)`` stopped.
public enum SCXMLRunOutcome: Hashable, Sendable {
    /// The chart reached the top-level final state with this id and halted.
    case finished(String)
    /// Every input event was processed and no delayed event is left.
    case inputConsumed
    /// The chart kept sending itself events (a timer it re-arms forever, an event it answers by sending
    /// it again); the run stopped after this many.
    case eventLimitReached(Int)
    /// A macrostep reached the chart's macrostep bound without settling (eventless transitions, raised
    /// events or errors looping); the run stopped after reporting it, since the chart is caught mid-loop.
    case didNotSettle(ChartLoopError)
}
