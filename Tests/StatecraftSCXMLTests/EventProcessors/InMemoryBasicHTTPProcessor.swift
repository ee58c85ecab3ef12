import Foundation
import StatecraftSCXML

/// A Basic HTTP Event I/O Processor without a network: each message becomes the form body a real one would
/// `POST` (``SCXMLBasicHTTPMessage/body(of:)``), and the request is read back
/// (``SCXMLBasicHTTPMessage/event(method:target:headers:body:)``) into the inbox registered at the target's
/// address — what an HTTP server would do with it. Unknown addresses answer as a 404 would.
final class InMemoryBasicHTTPProcessor: SCXMLEventProcessor, @unchecked Sendable {
    let type = SCXMLBasicHTTPMessage.processorType
    let shortName: String? = SCXMLBasicHTTPMessage.shortName
    private let lock = NSLock()
    private var inboxes: [String: SCXMLSessionInbox] = [:]
    private(set) var sent: [SCXMLOutgoingMessage] = []

    func location(ofSession sessionID: String) -> String { "http://127.0.0.1:8080/scxml/\(sessionID)" }

    /// Routes messages for `sessionID` to `inbox`.
    func register(_ inbox: SCXMLSessionInbox, for sessionID: String) {
        lock.lock()
        defer { lock.unlock() }
        inboxes[location(ofSession: sessionID)] = inbox
    }

    func send(_ message: SCXMLOutgoingMessage) throws(SCXMLCommunicationError) {
        lock.lock()
        sent.append(message)
        let inbox = inboxes[message.target]
        lock.unlock()
        guard let inbox, let url = URL(string: message.target) else {
            throw SCXMLCommunicationError(target: message.target, reason: "HTTP 404")
        }
        inbox.post(
            SCXMLBasicHTTPMessage.event(
                method: "POST", target: url.path,
                headers: [("Host", "127.0.0.1:8080"), ("Content-Type", SCXMLBasicHTTPMessage.contentType)],
                body: SCXMLBasicHTTPMessage.body(of: message)))
    }
}
