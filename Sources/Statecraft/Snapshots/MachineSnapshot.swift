/// The saved form of a machine whose state is a plain `Codable` value — a ``StateMachineSchema``, a
/// ``StateMachineState`` enum, any ``MachineDefinition`` that is not a chart.
///
/// ```swift
/// let data = try JSONEncoder().encode(machine.snapshot())
/// let restored = try StateMachine(schema: schema, subject: (),
///                                 restoring: JSONDecoder().decode(MachineSnapshot<Screen>.self, from: data))
/// ```
///
/// For a machine whose states start effects, the snapshot says which state the effects belong to: they
/// are started again from that state's declaration when the machine is restored, never saved.
public struct MachineSnapshot<State: Codable & Sendable>: Codable, Sendable {
    /// The version of the snapshot layout Statecraft writes: 1.
    public static var currentFormatVersion: Int { 1 }

    /// The version of the layout this snapshot was written in.
    public var formatVersion: Int
    /// The machine's state.
    public var state: State

    /// Creates a snapshot of `state` in the current format.
    ///
    /// - Parameter state: The machine's state.
    public init(state: State) {
        formatVersion = Self.currentFormatVersion
        self.state = state
    }
}

extension MachineSnapshot: Equatable where State: Equatable {}
