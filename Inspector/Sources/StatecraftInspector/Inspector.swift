import Foundation
import Hummingbird
import HummingbirdWebSocket
import StatecraftVisualizer

/// A live inspector: a local server that shows a running machine in the visualizer page, following each
/// transition the program makes instead of the page's own graph.
///
/// ```swift
/// let inspector = try await Inspector.start(model: .explore(chart))
/// inspector.attach(to: machine)          // one line: every transition goes to the page
/// print(inspector.url)                   // http://127.0.0.1:PORT/?token=…
/// ```
///
/// The server listens on loopback by default; the page and its WebSocket (`/stream`) answer only requests
/// carrying the per-session ``token`` in the URL. Transitions go through an ``InspectorFeed``: publishing
/// never waits, and a page that reads too slowly loses its oldest transitions, counted in
/// ``droppedCount`` and shown on the page.
public final class Inspector: Sendable {
    /// The feed the attached machines publish to.
    public let feed: InspectorFeed
    /// The per-session secret the page's URL carries.
    public let token: String
    /// The host the server listens on.
    public let host: String
    /// The port the server listens on.
    public let port: Int
    private let server: Task<Void, any Error>

    /// The page's address, with the token.
    public var url: String { "http://\(host):\(port)/?token=\(token)" }

    /// How many transitions were dropped because the page did not read them in time.
    public var droppedCount: Int { feed.droppedCount }

    private init(feed: InspectorFeed, token: String, host: String, port: Int, server: Task<Void, any Error>) {
        self.feed = feed
        self.token = token
        self.host = host
        self.port = port
        self.server = server
    }

    /// Starts the server and returns once it listens.
    ///
    /// - Parameters:
    ///   - model: The explored machine the page draws (its drawing needs Graphviz's `dot`).
    ///   - title: The page's title.
    ///   - host: The address to listen on; loopback by default.
    ///   - port: The port; 0 picks a free one.
    ///   - capacity: How many transitions may wait for the page before the oldest is dropped.
    /// - Returns: The running inspector.
    /// - Throws: ``VisualizerError`` when the chart cannot be drawn; the server's error when it cannot listen.
    public static func start(
        model: VisualizerModel, title: String? = nil, host: String = "127.0.0.1", port: Int = 0, capacity: Int = 256
    ) async throws -> Inspector {
        let page = VisualizerPage(model: model, title: title)
        let html = page.html(drawing: try VisualizerDrawing(machine: model.space.machine), liveFeedPath: "/stream")
        let feed = InspectorFeed(capacity: capacity)
        let token = Self.makeToken()

        let router = Router()
        router.get("/") { request, _ -> Response in
            guard request.uri.queryParameters.get("token") == token else { throw HTTPError(.forbidden) }
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
        }
        let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
        webSocketRouter.ws("/stream") { request, _ in
            request.uri.queryParameters.get("token") == token ? .upgrade() : .dontUpgrade
        } onUpgrade: { inbound, outbound, _ in
            let subscription = feed.subscribe()
            defer { feed.unsubscribe(subscription.id) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // Ends when the page goes away.
                    for try await _ in inbound {}
                }
                group.addTask {
                    if let latest = subscription.latest {
                        try await outbound.write(.text(String(decoding: try encoder.encode(latest), as: UTF8.self)))
                    }
                    for await transition in subscription.transitions {
                        try await outbound.write(.text(String(decoding: try encoder.encode(transition), as: UTF8.self)))
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }

        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: webSocketRouter),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? port)
                portContinuation.finish()
            })
        let server = Task {
            defer { portContinuation.finish() }
            try await application.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            try await server.value
            throw InspectorError.serverStopped
        }
        return Inspector(feed: feed, token: token, host: host, port: bound, server: server)
    }

    /// Publishes one transition to the page (what ``attach(to:)`` does for every transition).
    ///
    /// - Parameter transition: What the machine did.
    public func publish(_ transition: InspectorTransition) {
        feed.publish(transition)
    }

    /// Stops the server and ends the page's stream.
    public func stop() {
        feed.finish()
        server.cancel()
    }

    /// Waits until the server has stopped: it was stopped (``stop()``), or it failed.
    func serverResult() async -> Result<Void, any Error> {
        await server.result
    }

    /// 128 random bits as 32 hexadecimal digits.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let value = generator.next() as UInt32
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 8 - digits.count) + digits
        }.joined()
    }
}
