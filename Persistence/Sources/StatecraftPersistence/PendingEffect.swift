/// An effect waiting in an ``EffectOutbox``: started by a step of its machine, not yet completed or
/// cancelled.
public struct PendingEffect: Sendable, Hashable {
    /// The machine's identifier.
    public var machine: String
    /// The effect's name.
    public var effect: String
    /// The version of the step that started it.
    public var startedAt: Int64

    /// Creates a pending effect.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - effect: The effect's name.
    ///   - startedAt: The version of the step that started it.
    public init(machine: String, effect: String, startedAt: Int64) {
        self.machine = machine
        self.effect = effect
        self.startedAt = startedAt
    }

    /// The run its operation is handed.
    public var run: DurableEffectRun { DurableEffectRun(machine: machine, effect: effect, startedAt: startedAt) }
    /// Its idempotency key (``DurableEffectRun/key``).
    public var key: String { run.key }
}
