import Statecraft

extension SCXMLContentExecutor {
    /// `<send>` to an Event I/O Processor other than SCXML's (SCXML §6.2): without a target it is
    /// `error.communication`; with a delay the message waits in the delayed-event queue
    /// (``SCXMLDelayedMessage``) and the session delivers it when it falls due; otherwise the processor
    /// delivers it now, and a failure is `error.communication`.
    func perform(
        _ request: SendRequest, through processor: any SCXMLEventProcessor, at location: SCXMLSourceLocation,
        scope: inout ChartScope<String, SCXMLEvent>
    ) throws(SCXMLExecutionError) {
        guard let target = request.target else {
            throw .undeliverable(
                type: processor.type, SCXMLCommunicationError(target: "", reason: "the <send> names no target"),
                at: location)
        }
        var parameters: [(name: String, value: SCXMLValue)] = []
        if !request.isContent, case .object(let object)? = request.data {
            parameters = object.properties.map { (name: $0.key, value: $0.value) }
        }
        let message = SCXMLOutgoingMessage(
            event: request.name, target: target, parameters: parameters,
            content: request.isContent ? request.data : nil, sendID: request.sendID,
            origin: processor.location(ofSession: sessionID))
        if request.delay > .zero {
            scope.send(
                SCXMLDelayedMessage.event(for: message, type: processor.type), after: request.delay, id: request.sendID)
            return
        }
        do {
            try processor.send(message)
        } catch {
            throw .undeliverable(type: processor.type, error, at: location)
        }
    }
}
