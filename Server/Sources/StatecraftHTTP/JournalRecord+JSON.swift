import Foundation

extension JournalRecord {
    /// The record as `ServeJSON.encoder` would write it — the same bytes, keys sorted — written by hand:
    /// every event stores one.
    ///
    /// - Throws: What `ServeJSON.encoder` throws for the event's data.
    /// - Complexity: O(*n*) in the length of its strings.
    func jsonData() throws -> Data {
        var writer = ServeJSONWriter()
        writer.openObject()
        writer.key("configuration")
        writer.strings(configuration)
        if let data {
            writer.key("data")
            try writer.encoded(data)
        }
        if let event {
            writer.key("event")
            writer.string(event)
        }
        writer.key("finished")
        writer.boolean(finished)
        if let idempotencyKey {
            writer.key("idempotencyKey")
            writer.string(idempotencyKey)
        }
        writer.key("macrosteps")
        writer.openArray()
        for macrostep in macrosteps { macrostep.write(to: &writer) }
        writer.closeArray()
        writer.closeObject()
        return writer.data
    }
}
