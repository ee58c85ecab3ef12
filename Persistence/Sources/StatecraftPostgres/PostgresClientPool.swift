import PostgresNIO
import StatecraftPersistence

/// The store's postgres-nio client (a connection pool) and the task that runs it, replaced by a fresh one
/// when a connection is lost: a pool whose connections the server dropped is not trusted to recover on its
/// own, so each loss starts the next attempt on new connections.
final class PostgresClientPool: Sendable {
    /// One client and its run task; `generation` counts replacements.
    struct Current: Sendable {
        let client: PostgresClient
        let generation: Int
    }

    private struct State {
        var client: PostgresClient
        var runner: Task<Void, Never>
        var generation: Int
        var isClosed: Bool
    }

    private let configuration: PostgresClient.Configuration
    private let logger: Logger
    private let state: LockedValue<State>

    /// Starts a client with `configuration`.
    init(configuration: PostgresClient.Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        state = LockedValue(State(client: client, runner: Task { await client.run() }, generation: 0, isClosed: false))
    }

    /// The client to use now.
    var current: Current {
        state.withLock { Current(client: $0.client, generation: $0.generation) }
    }

    /// Replaces the client of `generation` by a fresh one (once: later calls for the same generation do
    /// nothing) and shuts the old one down without waiting for it.
    func replace(generation: Int) {
        let old = state.withLock { state -> Task<Void, Never>? in
            guard state.generation == generation, !state.isClosed else { return nil }
            let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
            let old = state.runner
            state.client = client
            state.runner = Task { await client.run() }
            state.generation += 1
            return old
        }
        old?.cancel()
    }

    /// Shuts the client down, waiting at most `limit` for its connections to close.
    func close(within limit: Duration) async {
        let runner = state.withLock { state in
            state.isClosed = true
            return state.runner
        }
        runner.cancel()
        _ = try? await withTimeLimit(limit) { await runner.value }
    }
}
