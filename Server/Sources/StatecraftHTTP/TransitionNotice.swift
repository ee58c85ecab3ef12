/// One committed macrostep of a machine, as the live stream (`GET /machines/{id}/stream`) sends it.
public struct TransitionNotice: Codable, Equatable, Sendable {
    /// The machine's identifier.
    public var machine: String
    /// The machine's version once the step was stored.
    public var version: Int64
    /// The macrostep.
    public var macrostep: MacrostepView
}
