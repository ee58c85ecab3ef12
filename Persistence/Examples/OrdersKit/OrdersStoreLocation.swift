import StatecraftPersistence
import StatecraftPostgres
import StatecraftSQLite

/// Where the `orders` driver keeps its machines: `sqlite:PATH` or a `postgres://` URL.
public enum OrdersStoreLocation: Sendable, Equatable {
    /// An SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL server.
    case postgres(url: String)

    /// Parses `--store`.
    ///
    /// - Parameter text: `sqlite:orders.db` or `postgres://user@host:port/database`.
    /// - Throws: ``OrdersError/badStore(_:)``.
    public init(_ text: String) throws(OrdersError) {
        if text.hasPrefix("sqlite:"), text.count > "sqlite:".count {
            self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else {
            throw .badStore(text)
        }
    }

    /// Opens the store.
    ///
    /// - Parameters:
    ///   - connections: The PostgreSQL pool size.
    ///   - reconnecting: Told, in a sentence, when a PostgreSQL operation lost its connection and is retried.
    /// - Returns: The store.
    /// - Throws: ``MachineStoreError``.
    public func open(
        connections: Int, reconnecting: (@Sendable (String) -> Void)? = nil
    ) async throws(MachineStoreError) -> any MachineStore {
        switch self {
        case .sqlite(let path): try await SQLiteMachineStore(path: path)
        case .postgres(let url):
            try await PostgresMachineStore(url: url, maximumConnections: connections, reconnecting: reconnecting)
        }
    }
}
