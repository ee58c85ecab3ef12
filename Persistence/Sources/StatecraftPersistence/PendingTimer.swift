/// A timer waiting in a ``MachineStore``: the machine it belongs to and when it falls due.
public struct PendingTimer: Sendable, Hashable {
    /// The machine's identifier.
    public var machine: String
    /// The instant the timer falls due.
    public var due: DurableInstant

    /// Creates a pending timer.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - due: When it falls due.
    public init(machine: String, due: DurableInstant) {
        self.machine = machine
        self.due = due
    }
}
