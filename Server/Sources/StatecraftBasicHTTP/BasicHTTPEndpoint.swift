import Hummingbird
import StatecraftSCXML

/// A ready Basic HTTP Event I/O Processor: a ``BasicHTTPReceiver`` served on its own address, and the
/// ``BasicHTTPEventProcessor`` whose locations point at it.
///
/// ```swift
/// let endpoint = try await BasicHTTPEndpoint.start()   // 127.0.0.1, a free port
/// defer { endpoint.stop() }
/// endpoint.receiver.register(inbox, for: "order-7")
/// ```
///
/// An application that already runs a Hummingbird server adds ``BasicHTTPReceiver/addRoutes(to:)`` to its
/// router and makes a processor with its own address instead.
public final class BasicHTTPEndpoint: Sendable {
    /// The routes sessions receive events at.
    public let receiver: BasicHTTPReceiver
    /// The processor to give the sessions.
    public let processor: BasicHTTPEventProcessor
    /// The port the server listens on.
    public let port: Int
    private let server: Task<Void, any Error>

    private init(
        receiver: BasicHTTPReceiver, processor: BasicHTTPEventProcessor, port: Int, server: Task<Void, any Error>
    ) {
        self.receiver = receiver
        self.processor = processor
        self.port = port
        self.server = server
    }

    /// Starts a server for a new receiver.
    ///
    /// - Parameters:
    ///   - host: the address to listen on; loopback by default.
    ///   - port: the port; 0 (the default) picks a free one.
    ///   - receiver: the receiver to serve.
    /// - Returns: the endpoint, once the server listens.
    /// - Throws: ``BasicHTTPEndpointError/serverStopped`` when the server stops before it listens (the port
    ///   is taken, say).
    public static func start(
        host: String = "127.0.0.1", port: Int = 0, receiver: BasicHTTPReceiver = BasicHTTPReceiver()
    ) async throws -> BasicHTTPEndpoint {
        let router = Router()
        receiver.addRoutes(to: router)
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
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
            throw BasicHTTPEndpointError.serverStopped
        }
        let base = host.contains(":") ? "http://[\(host)]:\(bound)" : "http://\(host):\(bound)"
        return BasicHTTPEndpoint(
            receiver: receiver, processor: BasicHTTPEventProcessor(baseURL: base), port: bound, server: server)
    }

    /// Stops the server.
    public func stop() {
        server.cancel()
    }
}

/// Why a ``BasicHTTPEndpoint`` could not start.
public enum BasicHTTPEndpointError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server stopped before it listened.
    case serverStopped

    /// A sentence saying what happened.
    public var description: String {
        "the Basic HTTP server stopped before it listened (is the address in use?)"
    }
}
