/// A run of a durable effect and what became of it: what ``DurableMachine/runPendingEffects()`` returns and
/// a ``DurableWorker`` reports in its passes.
public struct DurableEffectReport: Sendable, Equatable {
    /// The run.
    public var run: DurableEffectRun
    /// What became of it.
    public var outcome: DurableEffectOutcome

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - run: The run.
    ///   - outcome: What became of it.
    public init(run: DurableEffectRun, outcome: DurableEffectOutcome) {
        self.run = run
        self.outcome = outcome
    }
}
