/// Work a state of a durable machine starts — a payment to capture, a message to send — run at least once
/// by whichever process serves the machine, its completion event applied exactly once.
///
/// ```swift
/// let capture = DurableEffect<OrderState, OrderEvent>("capture", in: .capturing) { run in
///     try await payments.capture(order: run.machine, idempotencyKey: run.key)   // the same key on every run
///     return .captured
/// } failure: { _ in .captureFailed }
/// let order = try await DurableMachine(id: "order-42", chart: chart, store: store, effects: [capture])
/// ```
///
/// Entering the state records the effect in the store's outbox (``EffectOutbox``) in the same transaction
/// as the step that enters it; leaving the state deletes it in the transaction that leaves. See "Durable
/// effects" in ``DurableMachine`` for the guarantees.
public struct DurableEffect<StateID: Hashable & Sendable, Event: Sendable>: Sendable {
    /// The effect's name, unique among the machine's effects: part of its idempotency key.
    public let name: String
    /// The state that starts the effect when entered and cancels it when left.
    public let state: StateID
    /// The work: given the run (machine, name, idempotency key), the event it completes with.
    public let operation: @Sendable (DurableEffectRun) async throws -> Event
    /// The event a failure of ``operation`` completes with; `nil` (or no mapping) leaves the effect pending,
    /// to be run again later.
    public let failure: (@Sendable (any Error) -> Event?)?

    /// Creates a durable effect.
    ///
    /// - Parameters:
    ///   - name: The name, unique among the machine's effects.
    ///   - state: The state that starts it.
    ///   - operation: The work; it should pass ``DurableEffectRun/key`` on to the systems it calls, so that
    ///     a second run of the same start does nothing twice. Cancelled (Swift task cancellation) when the
    ///     state is left while it runs.
    ///   - failure: The event a thrown error completes the effect with; without it, or when it returns `nil`,
    ///     a failed run leaves the effect pending.
    public init(
        _ name: String, in state: StateID, operation: @escaping @Sendable (DurableEffectRun) async throws -> Event,
        failure: (@Sendable (any Error) -> Event?)? = nil
    ) {
        self.name = name
        self.state = state
        self.operation = operation
        self.failure = failure
    }
}
