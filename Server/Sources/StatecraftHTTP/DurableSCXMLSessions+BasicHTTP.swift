import StatecraftSCXML

extension DurableSCXMLSessions {
    /// Applies an event posted to a machine's Basic HTTP location (`POST /scxml/ID`) and stores the result, as
    /// ``send(machine:event:data:idempotencyKey:)`` does.
    ///
    /// ```swift
    /// let event = SCXMLBasicHTTPMessage.event(
    ///     method: "POST", target: "/scxml/order-1", headers: [("Content-Type", SCXMLBasicHTTPMessage.contentType)],
    ///     body: "_scxmleventname=pay&amount=12")
    /// let (answer, _) = try await sessions.receive(basicHTTP: event, machine: "order-1")
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event `SCXMLBasicHTTPMessage.event(method:target:headers:body:)` made of the request: its
    ///     name from `_scxmleventname` (`HTTP.POST` without it), its data the other form fields.
    ///   - machine: The machine's identifier.
    ///   - idempotencyKey: Makes a retry safe: the same key gets the same answer, applied once.
    /// - Returns: The answer and whether it was replayed from the journal.
    /// - Throws: ``ServeError``, as ``send(machine:event:data:idempotencyKey:)``.
    public func receive(basicHTTP event: SCXMLEvent, machine: String, idempotencyKey: String? = nil)
        async throws(ServeError) -> (answer: EventAnswer, replayed: Bool)
    {
        try await apply(event, data: event.data.map(JSONValue.init), to: machine, idempotencyKey: idempotencyKey)
    }
}
