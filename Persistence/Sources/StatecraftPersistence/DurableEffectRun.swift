/// One run of a ``DurableEffect``: what its operation is handed.
///
/// The ``key`` is the same for every run of one start of the effect — a retry after a crash, a second
/// worker after a lease ran out — and differs for each time its state is entered: pass it to the systems
/// the effect calls as their idempotency key. The completion event is journaled under it.
public struct DurableEffectRun: Sendable, Hashable {
    /// The machine's identifier.
    public var machine: String
    /// The effect's name.
    public var effect: String
    /// The version of the step that entered the effect's state (0: the initial state, started with the
    /// machine's first stored event).
    public var startedAt: Int64
    /// The idempotency key: `<machine>/<effect>/<startedAt>`.
    public var key: String { Self.key(machine: machine, effect: effect, startedAt: startedAt) }

    /// Creates a run.
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

    /// The idempotency key of the effect `effect` of `machine` started at version `startedAt`.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - effect: The effect's name.
    ///   - startedAt: The version that started it.
    /// - Returns: `<machine>/<effect>/<startedAt>`.
    public static func key(machine: String, effect: String, startedAt: Int64) -> String {
        "\(machine)/\(effect)/\(startedAt)"
    }
}
