/// What ``DurableMachine/apply(_:id:)`` did with an event.
public enum DurableOutcome: Sendable, Equatable {
    /// The event was applied and journaled; the chart took a transition.
    case transitioned
    /// The event was journaled, but the chart ignored it in its state (replaying it changes nothing).
    case ignored
    /// The event's identifier was already in the journal: it was not applied again.
    case alreadyApplied
}
