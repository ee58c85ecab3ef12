import Foundation
import Hummingbird
import StatecraftSCXML

/// The receiving half of the Basic HTTP Event I/O Processor: HTTP routes at which sessions receive events.
///
/// `POST /scxml/SESSIONID` with a form body (`SCXMLBasicHTTPMessage`) becomes an external event posted
/// to the inbox registered for `SESSIONID`; the answer is `204 No Content` once the event is in the inbox
/// (SCXML D.2: the result is indicated after the event is queued), `404` for a session not registered,
/// `413` for a body over ``maximumBodySize``. Every request is answered; none reaches a session twice.
///
/// ```swift
/// let receiver = BasicHTTPReceiver()
/// let router = Router()
/// receiver.addRoutes(to: router)
/// receiver.register(inbox, for: "order-7")
/// ```
public final class BasicHTTPReceiver: Sendable {
    /// The largest request body accepted, in bytes; 1 MiB by default.
    public let maximumBodySize: Int
    private let inboxes = InboxTable()

    /// Creates a receiver.
    ///
    /// - Parameter maximumBodySize: the largest request body accepted, in bytes.
    public init(maximumBodySize: Int = 1 << 20) {
        self.maximumBodySize = maximumBodySize
    }

    /// Routes events for `sessionID` to `inbox`, replacing an earlier registration.
    ///
    /// - Parameters:
    ///   - inbox: the session's inbox.
    ///   - sessionID: the session's `_sessionid`.
    public func register(_ inbox: SCXMLSessionInbox, for sessionID: String) {
        inboxes.set(inbox, for: sessionID)
    }

    /// Stops routing events to `sessionID`; later requests for it are answered `404`.
    ///
    /// - Parameter sessionID: the session's `_sessionid`.
    public func unregister(_ sessionID: String) {
        inboxes.set(nil, for: sessionID)
    }

    /// Adds `POST /scxml/{session}` to a router.
    ///
    /// - Parameter router: the application's router.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.post("scxml/:session") { [self] request, context -> Response in
            try await self.receive(request, context: context)
        }
    }

    private func receive(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let sessionID = context.parameters.get("session"), let inbox = inboxes.inbox(for: sessionID) else {
            return Response(status: .notFound)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maximumBodySize)
        } catch {
            return Response(status: .contentTooLarge)
        }
        let headers = request.headers.map { (name: $0.name.canonicalName, value: $0.value) }
        let target = request.uri.query.map { "\(request.uri.path)?\($0)" } ?? request.uri.path
        inbox.post(
            SCXMLBasicHTTPMessage.event(
                method: request.method.rawValue, target: target, headers: headers, body: String(buffer: body)))
        return Response(status: .noContent)
    }

    /// The registered inboxes, shared by the request handlers' tasks.
    private final class InboxTable: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = NSLock()
        private var inboxes: [String: SCXMLSessionInbox] = [:]

        func set(_ inbox: SCXMLSessionInbox?, for sessionID: String) {
            lock.lock()
            defer { lock.unlock() }
            inboxes[sessionID] = inbox
        }

        func inbox(for sessionID: String) -> SCXMLSessionInbox? {
            lock.lock()
            defer { lock.unlock() }
            return inboxes[sessionID]
        }
    }
}
