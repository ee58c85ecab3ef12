import Hummingbird
import Logging
import StatecraftPersistence
import StatecraftSCXML

/// Runs the HTTP API over machines of one chart until SIGINT or SIGTERM, then closes the store.
public enum ServeServer {
    /// Serves `document`'s machines from `store`.
    ///
    /// - Parameters:
    ///   - document: The chart.
    ///   - store: The store; closed when the server stops.
    ///   - configuration: The address, the token and the limits.
    ///   - onListening: Called once with the port the server listens on.
    /// - Throws: The server's error when it cannot listen.
    public static func run(
        document: SCXMLDocument, store: any MachineStore, configuration: ServeConfiguration,
        onListening: @escaping @Sendable (Int) -> Void
    ) async throws {
        let sessions = DurableSCXMLSessions(document: document, store: store, limits: configuration.limits)
        let router = ServeRouter.build(sessions: sessions, token: configuration.token)
        var logger = Logger(label: "statecraft-serve")
        logger.logLevel = .warning
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "statecraft-serve"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
                sessions.basicHTTP.baseURL = "http://\(host):\(port)"
                onListening(port)
            },
            logger: logger)
        // The charts' delayed events, fired as they fall due while the routes serve (and, after a restart, the
        // overdue ones at once).
        let timerLogger = logger
        let timers = Task {
            await sessions.runTimers { machine, error in
                timerLogger.warning(
                    "delayed events not fired", metadata: ["machine": "\(machine)", "error": "\(error)"])
            }
        }
        let served: Result<Void, any Error>
        do {
            try await application.runService()
            served = .success(())
        } catch {
            served = .failure(error)
        }
        // A timer being fired finishes its write before the store closes.
        timers.cancel()
        await timers.value
        try? await store.close()
        try served.get()
    }
}
