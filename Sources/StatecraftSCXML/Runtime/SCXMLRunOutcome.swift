/// Why ``SCXMLSession/run(events:delayedEventLimit:onMacrostep:)`` stopped.
public enum SCXMLRunOutcome: Hashable, Sendable {
    /// The chart reached the top-level final state with this id and halted.
    case finished(String)
    /// Every input event was processed and no delayed event is left.
    case inputConsumed
    /// Delayed events kept firing after the input was consumed; the run stopped after the limit.
    case delayedEventLimitReached(Int)
}
