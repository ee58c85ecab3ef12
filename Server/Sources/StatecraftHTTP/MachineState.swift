/// What `GET /machines/{id}` answers: where the machine is, its data model and what it would take now.
public struct MachineState: Codable, Equatable, Sendable {
    /// The machine's identifier.
    public var id: String
    /// The machine's version: the number of its journal entries.
    public var version: Int64
    /// The active states, in document order (ancestors first).
    public var configuration: [String]
    /// Whether the machine reached a top-level final state.
    public var finished: Bool
    /// The top-level final state it finished in.
    public var finalState: String?
    /// The chart's data model variables as plain JSON (`undefined` as `null`).
    public var dataModel: [String: JSONValue]
    /// The event descriptors of the transitions of the active states (`go`, `error.*`, `*`), sorted: the
    /// events the machine would handle now, before its guards are evaluated. Empty once finished.
    public var acceptedEvents: [String]
    /// Delayed events waiting on the session's virtual clock, which the server does not move.
    public var pendingDelayedEvents: Int
}
