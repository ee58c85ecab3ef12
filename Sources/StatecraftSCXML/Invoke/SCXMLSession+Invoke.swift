import Statecraft

extension SCXMLSession {
    /// The invoke ids of the sessions this session's `<invoke>` elements started and that still run, in the
    /// order they started (not those the children started in turn).
    public var runningInvocations: [String] { machine.subject.runningInvocations }

    /// Delivers the earliest delayed event of an invoked session due by `end` (any, when `nil`), when it
    /// falls due before this session's own earliest one: the clock moves to it and the children run.
    ///
    /// - Returns: Whether one was delivered.
    func deliverChildDelayedEvent(notAfter end: Duration?) -> Bool {
        guard let childDue = invocationTree.nextDelayedEventTime, end.map({ childDue <= $0 }) ?? true else {
            return false
        }
        if let ownDue = machine._nextDelayedEventTime, ownDue <= childDue { return false }
        machine._moveDelayedEventTime(to: childDue)
        return invocationTree.deliverDelayedEvent(notAfter: childDue)
    }

    /// Moves this session's and its invoked sessions' virtual time to `time`.
    func moveTime(to time: Duration) {
        machine._moveDelayedEventTime(to: time)
        invocationTree.moveTime(to: time)
    }

    /// Routes a delayed send to an invoked session (`#_<invokeid>`) once it falls due; a delayed send to
    /// `#_parent` in a session nothing invoked goes nowhere.
    ///
    /// - Returns: Whether `event` was such a send.
    func routeDelayedSend(_ event: SCXMLEvent) -> Bool {
        if let (type, message) = SCXMLDelayedMessage.message(in: event) {
            deliver(message, type: type)
            return true
        }
        guard let (route, routed) = SCXMLSendRoute.routed(event) else { return false }
        if case .invocation(let id) = route { _ = machine.subject._deliver(routed, toInvocation: id) }
        invocationTree.runChildren()
        return true
    }

    /// Delivers a delayed `<send>` to an Event I/O Processor once it falls due; when the processor cannot,
    /// `error.communication` (carrying the send id) joins the external queue.
    private func deliver(_ message: SCXMLOutgoingMessage, type: String) {
        let failure: SCXMLCommunicationError
        if let processor = eventProcessors.first(where: { $0.type == type }) {
            do {
                try processor.send(message)
                return
            } catch {
                failure = error
            }
        } else {
            failure = SCXMLCommunicationError(target: message.target, reason: "no processor of type '\(type)'")
        }
        enqueue(
            SCXMLEvent(
                "error.communication", type: .platform, sendID: message.sendID, data: .string(failure.description)))
    }
}
