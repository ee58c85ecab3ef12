/// A delayed `<send>` to an Event I/O Processor while it waits in the session's delayed-event queue. That
/// queue holds events, so the message rides in an event whose name is marked and carries the processor's
/// type, the target and the origin; no SCXML event name contains NUL. Cancelling by send id and saving
/// the session in a snapshot treat it as any other delayed event.
enum SCXMLDelayedMessage {
    private static let mark = "\u{0}statecraft.processor\u{0}"

    /// The marked event that stands for `message` to the processor of type `type`.
    static func event(for message: SCXMLOutgoingMessage, type: String) -> SCXMLEvent {
        let kind = message.content == nil ? "p" : "c"
        let name = [type, message.target, message.origin, kind, message.event ?? ""].joined(separator: "\u{0}")
        let data: SCXMLValue? =
            message.content
            ?? (message.parameters.isEmpty
                ? nil : .object(SCXMLObject(message.parameters.map { (key: $0.name, value: $0.value) })))
        return SCXMLEvent(mark + name, type: .external, sendID: message.sendID, data: data)
    }

    /// The processor type and the message of an event made by ``event(for:type:)``; `nil` for any other
    /// event.
    static func message(in event: SCXMLEvent) -> (type: String, message: SCXMLOutgoingMessage)? {
        guard event.name.hasPrefix(mark) else { return nil }
        let fields = event.name.dropFirst(mark.count).split(separator: "\u{0}", omittingEmptySubsequences: false)
        guard fields.count == 5 else { return nil }
        let isContent = fields[3] == "c"
        var parameters: [(name: String, value: SCXMLValue)] = []
        if !isContent, case .object(let object)? = event.data {
            parameters = object.properties.map { (name: $0.key, value: $0.value) }
        }
        let message = SCXMLOutgoingMessage(
            event: fields[4].isEmpty ? nil : String(fields[4]), target: String(fields[1]), parameters: parameters,
            content: isContent ? event.data : nil, sendID: event.sendID, origin: String(fields[2]))
        return (String(fields[0]), message)
    }
}
