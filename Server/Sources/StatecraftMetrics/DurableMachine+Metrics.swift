import StatecraftPersistence
import StatecraftServerConventions

extension DurableMachine {
    /// Applies `event` as `DurableMachine.apply(_:id:)` does, and records it in `metrics`: one count in
    /// `statecraft.events` by outcome (`transitioned`, `ignored`, `already_applied`, `failed`), the time taken
    /// in `statecraft.durable.apply.duration`, and a failure in `statecraft.event.errors` by error type.
    ///
    /// ```swift
    /// let metrics = MachineMetrics(machineType: "order")
    /// try await order.apply(.pay, id: "payment-7781", recording: metrics)
    /// ```
    ///
    /// Commit latency and version conflicts are the store's: wrap it in a ``MeasuredMachineStore``.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - eventID: The event's identifier, unique per machine.
    ///   - metrics: The metrics of the machine's type.
    /// - Returns: `DurableOutcome`.
    /// - Throws: `DurableMachineError`, as `DurableMachine.apply(_:id:)`.
    @discardableResult
    public func apply(_ event: Event, id eventID: String, recording metrics: MachineMetrics)
        async throws(DurableMachineError) -> DurableOutcome
    {
        guard metrics.isRecording else { return try await apply(event, id: eventID) }
        let start = metrics.now()
        var outcome = InstrumentationOutcome.failed
        defer {
            metrics.countEvent(outcome: outcome)
            metrics.recordDuration(
                since: start, in: StatecraftMetricLabel.durableApplyDuration, (InstrumentationKey.eventOutcome, outcome)
            )
        }
        do {
            let applied = try await apply(event, id: eventID)
            outcome = applied.instrumentationValue
            return applied
        } catch {
            metrics.countError(error, in: StatecraftMetricLabel.eventErrors)
            throw error
        }
    }
}
