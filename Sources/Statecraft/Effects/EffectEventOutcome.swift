/// What became of an event an effect sent with ``EffectContext/send(_:)``.
@frozen
public enum EffectEventOutcome: Sendable, Hashable {
    /// The machine handled the event: it transitioned or ignored it.
    case delivered(EventOutcome)
    /// The event was not applied: the state that started the effect had been left, or the machine's run
    /// loop had stopped.
    case dropped
}
