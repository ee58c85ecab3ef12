extension MacrostepView {
    /// Writes the macrostep as `ServeJSON.encoder` would: the same bytes, keys sorted.
    ///
    /// - Parameter writer: Where the object goes.
    /// - Complexity: O(*n*) in the length of its strings.
    func write(to writer: inout ServeJSONWriter) {
        writer.openObject()
        writer.key("configuration")
        writer.strings(configuration)
        writer.key("entered")
        writer.strings(entered)
        writer.key("errors")
        writer.strings(errors)
        if let event {
            writer.key("event")
            writer.string(event)
        }
        writer.key("exited")
        writer.strings(exited)
        writer.key("logs")
        writer.strings(logs)
        writer.closeObject()
    }
}
