import Foundation
import PostgresNIO
import StatecraftPersistence

/// A ``MachineStore`` in PostgreSQL, for many processes driving the same machines.
///
/// ```swift
/// let store = try await PostgresMachineStore(url: "postgres://orders@db.internal:5432/orders")
/// defer { Task { await store.close() } }
/// let order = try await DurableMachine(id: "order-42", chart: orderChart, store: store)
/// ```
///
/// Connections come from postgres-nio's pool (`PostgresClient`, up to `maximumConnections`). Each
/// ``save(machine:snapshot:entry:timers:)`` is one statement — one round trip, its own transaction — with
/// version checks (a group commit of one, ``commit(_:)``): the snapshot row is
/// updated only `WHERE version = expected` (inserted only if absent, for a machine's first event), the
/// journal entry is inserted only if its event identifier is new for the machine, and the machine's timers
/// (a table indexed by due instant) are replaced. When two processes race, the
/// database makes the second wait for the first's commit; its conditions then fail, it rolls back and
/// reports ``MachineStoreError/conflict(machine:expected:found:)`` or
/// ``MachineStoreError/duplicateEvent(machine:eventID:)``: no event is lost and none is applied twice.
public final class PostgresMachineStore: MachineStore {
    private let pool: PostgresClientPool
    private let logger: Logger
    private let policy: PostgresStorePolicy
    /// `HOST:PORT`, for messages.
    private let server: String
    private let reconnecting: (@Sendable (String) -> Void)?
    /// A single connection's configuration: opening checks the server with it, and a store giving up
    /// after a time limit asks it why.
    private let probe: PostgresConnection.Configuration
    /// Wakes this process's workers waiting for work once an acceptance committed (workers of other
    /// processes find the events at their next poll).
    public let acceptanceSignal: AcceptanceSignal? = AcceptanceSignal()

    /// Connects to the server at `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`) and creates the
    /// tables if needed.
    ///
    /// Opening connects once, within `policy.connectTimeout`, and does not retry: a server that is not there
    /// is reported at once. Later operations reconnect as ``PostgresStorePolicy`` describes.
    ///
    /// - Parameters:
    ///   - url: The server's URL.
    ///   - maximumConnections: The size of the connection pool.
    ///   - policy: The timeouts and the reconnect window.
    ///   - reconnecting: Called with a sentence when an operation lost its connection and is retried (to
    ///     tell a user why the store is slow); never called when the connection holds.
    /// - Throws: ``MachineStoreError/database(_:)`` for a malformed URL or a server error;
    ///   ``MachineStoreError/unavailable(store:reason:)`` for a server that cannot be reached.
    public init(
        url: String, maximumConnections: Int = 20, policy: PostgresStorePolicy = PostgresStorePolicy(),
        reconnecting: (@Sendable (String) -> Void)? = nil
    ) async throws(MachineStoreError) {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme),
            let host = components.host, let user = components.user
        else {
            throw .database("not a postgres://USER@HOST[:PORT]/DATABASE URL: \(url)")
        }
        let port = components.port ?? 5432
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : nil
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: components.password,
            database: database?.isEmpty == false ? database : nil, tls: .disable)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectionIdleTimeout = .seconds(60)
        configuration.options.connectTimeout = policy.connectTimeout
        var logger = Logger(label: "statecraft.postgres")
        logger.logLevel = .critical
        self.logger = logger
        self.policy = policy
        self.reconnecting = reconnecting
        let server = "\(host):\(port)"
        self.server = server
        var probe = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: components.password,
            database: database?.isEmpty == false ? database : nil, tls: .disable)
        probe.options.connectTimeout = .nanoseconds(
            Int64(policy.connectTimeout.components.seconds) * 1_000_000_000
                + policy.connectTimeout.components.attoseconds / 1_000_000_000)
        self.probe = probe
        try await Self.prepareTables(probe, server: server, policy: policy, logger: logger)
        pool = PostgresClientPool(configuration: configuration, logger: logger)
    }

    /// Creates the tables on a connection of its own: its failure is the server's answer (connection
    /// refused, no such database…), where a pooled lease would only wait.
    private static func prepareTables(
        _ configuration: PostgresConnection.Configuration, server: String, policy: PostgresStorePolicy,
        logger: Logger
    ) async throws(MachineStoreError) {
        do {
            try await withTimeLimit(policy.connectTimeout + policy.attemptTimeout) {
                let connection = try await PostgresConnection.connect(
                    configuration: configuration, id: 0, logger: logger)
                do {
                    // Concurrent `CREATE TABLE IF NOT EXISTS` can collide in PostgreSQL's catalog: stores
                    // opening at once take turns through a transaction-scoped advisory lock.
                    try await connection.withTransaction(logger: logger) { connection in
                        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.schemaLock))", logger: logger)
                        // DDL locks tables even when it changes nothing (`ALTER TABLE … IF NOT EXISTS` exclusively):
                        // run beside other stores' transactions it could deadlock with them, so a complete
                        // schema — its last object there — is left alone.
                        let complete = try await connection.query(
                            "SELECT to_regprocedure('statecraft_refuse(text,text,text)') IS NOT NULL", logger: logger)
                        for try await exists in complete.decode(Bool.self) where exists { return }
                        try await createTables(on: connection, logger: logger)
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try await connection.close()
            }
        } catch {
            throw storeError(error)
                ?? .unavailable(store: server, reason: "cannot connect: \(describe(error))")
        }
    }

    /// The advisory lock key held while the tables are created ("stcr" in ASCII).
    static let schemaLock: Int64 = 0x7374_6372

    /// Closes the pool's connections (waiting at most 5 seconds for them); the store cannot be used
    /// afterwards.
    public func close() async {
        await pool.close(within: .seconds(5))
    }

    public func load(machine: String) async throws(MachineStoreError) -> StoredMachine? {
        // One statement, so one view of the database: the snapshot, its timers and the entries after it as
        // one commit left them (`load(machines:)`).
        try await load(machines: [machine])[machine]
    }

    public func journal(machine: String) async throws(MachineStoreError) -> [JournalEntry] {
        try await perform { connection, logger in
            try await Self.journal(machine: machine, after: 0, through: .max, on: connection, logger: logger)
        }
    }

    /// The machine's journal entries after sequence `after` through `last`, oldest first.
    static func journal(
        machine: String, after: Int64, through last: Int64, on connection: PostgresConnection, logger: Logger
    )
        async throws -> [JournalEntry]
    {
        let rows = try await connection.query(
            """
            SELECT sequence, event_id, event, applied_at, fires_timer FROM statecraft_journal
            WHERE machine_id = \(machine) AND sequence > \(after) AND sequence <= \(last) ORDER BY sequence
            """, logger: logger)
        var entries: [JournalEntry] = []
        for try await (sequence, eventID, event, appliedAt, firesTimer) in rows.decode(
            (Int64, String, String, Int64, Bool).self)
        {
            entries.append(
                JournalEntry(
                    sequence: sequence, eventID: eventID, event: Data(event.utf8),
                    appliedAt: DurableInstant(nanosecondsSinceEpoch: appliedAt), firesTimer: firesTimer))
        }
        return entries
    }

    public func earliestTimers(limit: Int) async throws(MachineStoreError) -> [PendingTimer] {
        try await perform { connection, logger in
            let rows = try await connection.query(
                """
                SELECT machine_id, due FROM statecraft_timers ORDER BY due, machine_id, position
                LIMIT \(Int64(max(limit, 0)))
                """, logger: logger)
            var timers: [PendingTimer] = []
            for try await (machine, due) in rows.decode((String, Int64).self) {
                timers.append(PendingTimer(machine: machine, due: DurableInstant(nanosecondsSinceEpoch: due)))
            }
            return timers
        }
    }

    public func contains(eventID: String, machine: String) async throws(MachineStoreError) -> Bool {
        try await perform { connection, logger in
            let rows = try await connection.query(
                "SELECT 1 FROM statecraft_journal WHERE machine_id = \(machine) AND event_id = \(eventID)",
                logger: logger)
            return try await Self.count(rows) > 0
        }
    }

    public func machines() async throws(MachineStoreError) -> [String] {
        try await perform { connection, logger in
            let rows = try await connection.query("SELECT id FROM statecraft_machines ORDER BY id", logger: logger)
            var ids: [String] = []
            for try await id in rows.decode(String.self) { ids.append(id) }
            return ids
        }
    }

    public func journalCount() async throws(MachineStoreError) -> Int {
        try await perform { connection, logger in
            let rows = try await connection.query("SELECT COUNT(*) FROM statecraft_journal", logger: logger)
            var count: Int64 = 0
            for try await value in rows.decode(Int64.self) { count = value }
            return Int(count)
        }
    }

    /// Runs `body` on a pooled connection: one attempt within `policy.attemptTimeout`, retried on fresh
    /// connections while the connection is lost, for at most `policy.reconnectWindow` after the first loss.
    func perform<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
    ) async throws(MachineStoreError) -> Result {
        try await withClient { client, logger in
            try await client.withConnection { connection in try await body(connection, logger) }
        }
    }

    /// Runs `body` with the current client, as ``perform(_:)`` describes.
    func withClient<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresClient, Logger) async throws -> Result
    ) async throws(MachineStoreError) -> Result {
        let logger = logger
        var firstLoss: ContinuousClock.Instant?
        var attempts = 0
        while true {
            let current = pool.current
            attempts += 1
            let failure: any Error
            do {
                // While reconnecting, a lease may wait on a pool that cannot connect yet (postgres-nio's
                // leases do not fail): such an attempt gets only `connectTimeout`, then a fresh pool.
                let limit = firstLoss == nil ? policy.attemptTimeout : min(policy.attemptTimeout, policy.connectTimeout)
                return try await withTimeLimit(limit) { try await body(current.client, logger) }
            } catch {
                failure = error
            }
            if let error = Self.storeError(failure) { throw error }
            pool.replace(generation: current.generation)
            let now = ContinuousClock.now
            let since = firstLoss ?? now
            let waited = now - since
            if waited >= policy.reconnectWindow || Task.isCancelled {
                // A pooled lease only waits: a connection of its own says why (refused, reset…).
                var reason = Self.describe(failure)
                if let refusal = await connectionRefusal() { reason += " (a new connection: \(refusal))" }
                throw .unavailable(
                    store: server,
                    reason: "\(reason); gave up after \(attempts) attempt\(attempts == 1 ? "" : "s") "
                        + "in \(waited.secondsText)")
            }
            if firstLoss == nil {
                firstLoss = now
                reconnecting?(
                    "lost the connection to \(server) (\(Self.describe(failure))); retrying on new connections for up to "
                        + policy.reconnectWindow.secondsText)
            }
            try? await Task.sleep(for: policy.retryDelay)
        }
    }

    /// Why a new connection to the server fails, or `nil` when it opens.
    private func connectionRefusal() async -> String? {
        let (probe, logger) = (probe, logger)
        do {
            try await withTimeLimit(policy.connectTimeout + .seconds(1)) {
                let connection = try await PostgresConnection.connect(configuration: probe, id: 0, logger: logger)
                try await connection.close()
            }
            return nil
        } catch {
            return Self.describe(error)
        }
    }

    static func count(_ rows: PostgresRowSequence) async throws -> Int {
        var count = 0
        for try await _ in rows { count += 1 }
        return count
    }
}
