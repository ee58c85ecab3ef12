import ServiceLifecycle

/// The inspector as a swift-service-lifecycle `Service`: put it in a `ServiceGroup` beside the rest of a
/// server, and a graceful shutdown (SIGTERM or SIGINT when the group listens for them) ends the page's
/// stream and stops the server.
///
/// ```swift
/// let inspector = try await Inspector.start(model: .explore(chart))
/// let group = ServiceGroup(services: [inspector], gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()   // returns once SIGTERM has stopped the inspector
/// ```
extension Inspector: Service {
    /// Serves until the server stops or a graceful shutdown begins, then stops the inspector
    /// (``stop()``) and returns.
    public func run() async throws {
        await withGracefulShutdownHandler {
            _ = await serverResult()
        } onGracefulShutdown: {
            self.stop()
        }
    }
}
