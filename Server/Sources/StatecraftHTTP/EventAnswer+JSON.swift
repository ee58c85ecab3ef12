extension EventAnswer {
    /// The answer as `ServeJSON.encoder` would write it — the same bytes, keys sorted — written by hand:
    /// every event is answered with one.
    ///
    /// - Complexity: O(*n*) in the length of its strings.
    var jsonBytes: [UInt8] {
        var writer = ServeJSONWriter()
        writer.openObject()
        writer.key("configuration")
        writer.strings(configuration)
        writer.key("event")
        writer.string(event)
        writer.key("finished")
        writer.boolean(finished)
        if let idempotencyKey {
            writer.key("idempotencyKey")
            writer.string(idempotencyKey)
        }
        writer.key("machine")
        writer.string(machine)
        writer.key("macrosteps")
        writer.openArray()
        for macrostep in macrosteps { macrostep.write(to: &writer) }
        writer.closeArray()
        writer.key("version")
        writer.integer(version)
        writer.closeObject()
        return writer.bytes
    }
}
