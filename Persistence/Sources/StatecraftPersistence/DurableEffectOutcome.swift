/// What became of one run of a ``DurableEffect``.
public enum DurableEffectOutcome: Sendable, Equatable {
    /// The completion event was applied and journaled under the effect's key; the effect left the outbox in
    /// the same transaction. Carries what the event did (``DurableOutcome/transitioned`` or
    /// ``DurableOutcome/ignored``).
    case applied(DurableOutcome)
    /// Another run of the same start completed first: its event was applied, this one's is not.
    case alreadyApplied
    /// Nothing was journaled: the effect's state was left before the completion could be applied (the effect
    /// was cancelled and its completion dropped), or the run was cancelled and threw — by leaving the state,
    /// or by its worker stopping (the effect then stays pending, and the next worker runs it again).
    case cancelled
    /// The operation threw and no event maps the failure: the effect stays pending and runs again later.
    /// Carries the error's description.
    case failed(String)
}
