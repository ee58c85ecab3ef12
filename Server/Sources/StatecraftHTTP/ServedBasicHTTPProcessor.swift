import Foundation
import StatecraftSCXML
import Synchronization

/// The Basic HTTP Event I/O Processor of served machines, receiving only: `_ioprocessors` gives each
/// machine's location, `BASE/scxml/ID`, at which `POST` with a form body (`SCXMLBasicHTTPMessage`) applies an
/// external event to the machine as `POST /machines/ID/events` does.
///
/// ```swift
/// let processor = ServedBasicHTTPProcessor(baseURL: "http://127.0.0.1:8080")
/// processor.location(ofSession: "order-1")   // "http://127.0.0.1:8080/scxml/order-1"
/// ```
///
/// A served machine does not send over HTTP: its `<send type="basichttp">` raises `error.communication`.
/// The step that sends is stored once its events settle; a request made in the middle of it could not be
/// taken back when the step is not stored (a version conflict, a failed write, a limit), nor made again
/// exactly once when it is applied again.
public final class ServedBasicHTTPProcessor: SCXMLEventProcessor {
    /// `SCXMLBasicHTTPMessage.processorType`.
    public let type = SCXMLBasicHTTPMessage.processorType
    /// `basichttp`.
    public let shortName: String? = SCXMLBasicHTTPMessage.shortName
    /// Where the server listens, without a trailing slash: set once it does (a port of 0 is chosen then).
    private let base: Mutex<String>

    /// A processor for a server at `baseURL`.
    ///
    /// - Parameter baseURL: Such as `http://127.0.0.1:8080`.
    public init(baseURL: String) {
        base = Mutex(Self.trimmed(baseURL))
    }

    /// Where the server listens, such as `http://127.0.0.1:8080`.
    public var baseURL: String {
        get { base.withLock { $0 } }
        set { base.withLock { $0 = Self.trimmed(newValue) } }
    }

    /// `BASE/scxml/ID`, the identifier percent-encoded as a path segment.
    ///
    /// - Parameter sessionID: The machine's identifier.
    /// - Returns: Its location.
    public func location(ofSession sessionID: String) -> String {
        let segment = sessionID.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? sessionID
        return "\(baseURL)/scxml/\(segment)"
    }

    /// Refuses: served machines receive Basic HTTP events but do not send them.
    ///
    /// - Throws: `SCXMLCommunicationError` naming the target, always.
    public func send(_ message: SCXMLOutgoingMessage) throws(SCXMLCommunicationError) {
        throw SCXMLCommunicationError(
            target: message.target,
            reason: "statecraft serve's machines receive Basic HTTP events but do not send them")
    }

    /// The characters a path segment keeps unencoded.
    private static let segmentCharacters = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))

    /// `url` without its trailing slashes.
    private static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
