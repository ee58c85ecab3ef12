/// One event of a ``MachineDescription``: an identifier transitions refer to, and the text diagrams show.
public struct EventDescription: Sendable, Hashable, Codable {
    /// The identifier, unique within the machine.
    public var id: String
    /// The text diagrams show on the transitions this event triggers.
    public var label: String

    /// Creates an event description.
    ///
    /// - Parameters:
    ///   - id: The identifier, unique within the machine.
    ///   - label: The text diagrams show; defaults to `id`.
    public init(id: String, label: String? = nil) {
        self.id = id
        self.label = label ?? id
    }
}
