import StatecraftPersistence

/// A batch of ``AcceptedEvent``s as one JSON array of rows, bound to the one statement that inserts them all
/// into the inbox (through `json_each`): built by the caller, off the connection's queue, so that the
/// connection binds one text instead of five values per event.
///
/// Each row is `[machine, eventID, event, acceptedAt, slot]`; the event's bytes as text, as the inbox
/// stores them.
struct SQLiteInboxRows: Sendable {
    /// The JSON array.
    let json: String

    /// Encodes `events`.
    ///
    /// - Complexity: O(*n*) in the bytes of the events and their identifiers.
    init(_ events: [AcceptedEvent]) {
        var json = "["
        for (index, event) in events.enumerated() {
            if index > 0 { json += "," }
            json += "["
            Self.appendQuoted(event.machine, to: &json)
            json += ","
            Self.appendQuoted(event.eventID, to: &json)
            json += ","
            Self.appendQuoted(String(decoding: event.event, as: UTF8.self), to: &json)
            json += ",\(event.acceptedAt.nanosecondsSinceEpoch),\(MachineShard.slot(of: event.machine))]"
        }
        json += "]"
        self.json = json
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func appendQuoted(_ text: String, to json: inout String) {
        json += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }
}
