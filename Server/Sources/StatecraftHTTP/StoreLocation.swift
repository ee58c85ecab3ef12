import Foundation
import StatecraftPersistence
import StatecraftPostgres
import StatecraftSQLite

/// Where `--store` says the machines live: `sqlite:PATH` (or `sqlite:///ABSOLUTE/PATH`) for an SQLite file,
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` for a PostgreSQL server.
public enum StoreLocation: Equatable, Sendable {
    /// An SQLite database file.
    case sqlite(path: String)
    /// A PostgreSQL server, by its URL.
    case postgres(url: String)

    /// Parses a `--store` URL.
    ///
    /// - Parameter url: The URL.
    /// - Throws: ``ServeSetupError/storeURL(_:problem:)`` for an unknown scheme or an empty path.
    public init(_ url: String) throws(ServeSetupError) {
        if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
            self = .postgres(url: url)
        } else if url.hasPrefix("sqlite:") {
            var path = String(url.dropFirst("sqlite:".count))
            if path.hasPrefix("//") { path = String(path.dropFirst(2)) }
            guard !path.isEmpty else { throw .storeURL(url, problem: "the SQLite store needs a file: sqlite:PATH") }
            self = .sqlite(path: path)
        } else {
            throw .storeURL(
                url, problem: "the store must be sqlite:PATH or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
        }
    }

    /// Opens the store.
    ///
    /// - Throws: ``ServeSetupError/store(url:problem:)`` with the store's reason.
    public func open() async throws(ServeSetupError) -> any MachineStore {
        do {
            switch self {
            case .sqlite(let path): return try await SQLiteMachineStore(path: path)
            case .postgres(let url): return try await PostgresMachineStore(url: url)
            }
        } catch {
            throw .store(url: description, problem: "\(error)")
        }
    }

    /// The location as `--store` takes it, without a PostgreSQL password.
    public var description: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let url):
            guard var components = URLComponents(string: url), components.password != nil else { return url }
            components.password = "***"
            return components.string ?? url
        }
    }
}
