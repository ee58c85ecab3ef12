import Foundation
import StatecraftSCXML

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Basic HTTP Event I/O Processor (SCXML 1.0 Appendix D.2) over a network: a `<send>` of its type is
/// `POST`ed to its target as `SCXMLBasicHTTPMessage` describes, and `_ioprocessors` gives the address of a
/// ``BasicHTTPReceiver`` where the session receives events.
///
/// ```swift
/// let endpoint = try await BasicHTTPEndpoint.start()          // a receiver on 127.0.0.1, a free port
/// let inbox = SCXMLSessionInbox()
/// endpoint.receiver.register(inbox, for: "order-7")
/// let session = try SCXMLSession(
///     document: document, sessionID: "order-7", eventProcessors: [endpoint.processor], inbox: inbox)
/// ```
///
/// A send waits for the target's answer (`SCXMLEventProcessor/send(_:)`): the calling thread blocks for
/// up to ``timeout``. Run a session that sends to a server of the same process on a thread of its own,
/// never on one of Swift concurrency's cooperative threads, which that server's handlers need.
///
/// Targets are limited to ``allowedHosts`` — loopback by default — so that a chart from an untrusted
/// source cannot make the process reach other machines; any other host is `error.communication`.
public final class BasicHTTPEventProcessor: SCXMLEventProcessor, @unchecked Sendable {
    // `@unchecked`: every stored property is immutable; URLSession is safe to use from any thread.

    /// `SCXMLBasicHTTPMessage/processorType`.
    public let type = SCXMLBasicHTTPMessage.processorType
    /// `basichttp`.
    public let shortName: String? = SCXMLBasicHTTPMessage.shortName
    /// The receiver's base address, such as `http://127.0.0.1:8080`; a session's location is
    /// `BASE/scxml/SESSIONID`.
    public let baseURL: String
    /// The hosts a target may name; loopback (`127.0.0.1`, `::1`, `localhost`) by default.
    public let allowedHosts: Set<String>
    /// How long a send waits for the target's answer.
    public let timeout: Duration
    private let session: URLSession

    /// Creates a processor.
    ///
    /// - Parameters:
    ///   - baseURL: where the sessions' receiver listens, such as `http://127.0.0.1:8080`.
    ///   - allowedHosts: the hosts targets may name; loopback by default.
    ///   - timeout: how long a send waits for an answer; 10 seconds by default.
    public init(
        baseURL: String, allowedHosts: Set<String> = ["127.0.0.1", "::1", "[::1]", "localhost"],
        timeout: Duration = .seconds(10)
    ) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.allowedHosts = allowedHosts
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.seconds(timeout)
        configuration.timeoutIntervalForResource = Self.seconds(timeout)
        session = URLSession(configuration: configuration)
    }

    /// `BASEURL/scxml/SESSIONID`, the session's id percent-encoded as a path segment.
    public func location(ofSession sessionID: String) -> String {
        let segment = sessionID.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
        return "\(baseURL)/scxml/\(segment ?? sessionID)"
    }

    /// `POST`s the message to its target and waits for a 2xx answer.
    ///
    /// - Throws: `SCXMLCommunicationError` for a target that is no `http` or `https` URL or names a host
    ///   outside ``allowedHosts``, a connection that fails or times out, or an answer other than 2xx.
    public func send(_ message: SCXMLOutgoingMessage) throws(SCXMLCommunicationError) {
        guard let url = URL(string: message.target), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host
        else {
            throw SCXMLCommunicationError(target: message.target, reason: "not an http or https URL")
        }
        guard allowedHosts.contains(host.lowercased()) else {
            throw SCXMLCommunicationError(
                target: message.target, reason: "the host '\(host)' is not one this processor may reach")
        }
        var request = URLRequest(url: url, timeoutInterval: Self.seconds(timeout))
        request.httpMethod = "POST"
        request.setValue(SCXMLBasicHTTPMessage.contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(SCXMLBasicHTTPMessage.body(of: message).utf8)
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { _, response, error in
            if let error {
                outcome.failure = error.localizedDescription
            } else if let response = response as? HTTPURLResponse, !(200..<300).contains(response.statusCode) {
                outcome.failure = "HTTP \(response.statusCode)"
            }
            done.signal()
        }
        task.resume()
        // The session's own timeout ends the task; the margin covers a task that never calls back.
        if done.wait(timeout: .now() + Self.seconds(timeout) + 5) == .timedOut {
            task.cancel()
            throw SCXMLCommunicationError(target: message.target, reason: "no answer within \(timeout)")
        }
        if let failure = outcome.failure {
            throw SCXMLCommunicationError(target: message.target, reason: failure)
        }
    }

    /// What a request's callback found; written before the semaphore is signalled, read after.
    private final class Outcome: @unchecked Sendable {
        var failure: String?
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
