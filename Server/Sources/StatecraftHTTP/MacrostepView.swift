import StatecraftSCXML

/// One macrostep as the API shows it: the event, the states exited and entered, the configuration after
/// it, and the errors and `<log>` output it produced.
public struct MacrostepView: Codable, Equatable, Sendable {
    /// The event's name; `null` for the machine's first macrostep.
    public var event: String?
    /// The states exited, in exit order.
    public var exited: [String]
    /// The states entered, in entry order.
    public var entered: [String]
    /// The active states afterwards, sorted.
    public var configuration: [String]
    /// The errors the macrostep raised (`error.execution …`).
    public var errors: [String]
    /// What `<log>` elements printed, `label: value`.
    public var logs: [String]

    /// The view of a session's macrostep record.
    ///
    /// - Parameter record: The record.
    public init(_ record: SCXMLMacrostepRecord) {
        event = record.event
        exited = record.exited
        entered = record.entered
        configuration = record.configuration
        errors = record.errors
        logs = record.logs.map(\.description)
    }
}
