import Foundation
import SQLiteNIO
import StatecraftPersistence

/// A ``MachineStore`` in one SQLite file, with no server: the embedded default.
///
/// ```swift
/// let store = try await SQLiteMachineStore(path: "orders.db")
/// let order = try await DurableMachine(id: "order-42", chart: orderChart, store: store)
/// ```
///
/// The database runs in WAL mode (readers do not block the writer, a commit is one append to the log)
/// with `synchronous = FULL`, so that a committed event survives a power cut. Each ``save(machine:snapshot:entry:)``
/// is one `BEGIN IMMEDIATE … COMMIT` transaction that checks the version and the event identifier, then
/// writes the snapshot and the journal entry. Several processes may open the same file: SQLite serialises
/// their transactions (they wait up to five seconds for the write lock). Within a process, the store's
/// operations take turns on its one connection.
///
/// Built on vapor/sqlite-nio, which bundles the SQLite amalgamation (no system library needed) and shares
/// swift-nio with postgres-nio, so the persistence package builds one I/O stack for both stores.
public final class SQLiteMachineStore: MachineStore {
    private let connection: SQLiteConnection
    private let gate = AsyncGate()

    /// Opens (creating if needed) the database file and its tables.
    ///
    /// - Parameter path: The database file.
    /// - Throws: ``MachineStoreError/database(_:)``.
    public init(path: String) async throws(MachineStoreError) {
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: path))
        } catch {
            throw .database("cannot open \(path): \(error)")
        }
        for statement in Self.schema { try await execute(statement) }
    }

    static let schema = [
        "PRAGMA journal_mode = WAL",
        "PRAGMA synchronous = FULL",
        "PRAGMA busy_timeout = 5000",
        """
        CREATE TABLE IF NOT EXISTS statecraft_machines (
            id TEXT PRIMARY KEY, version INTEGER NOT NULL, snapshot TEXT NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS statecraft_journal (
            machine_id TEXT NOT NULL, sequence INTEGER NOT NULL, event_id TEXT NOT NULL, event TEXT NOT NULL,
            PRIMARY KEY (machine_id, sequence), UNIQUE (machine_id, event_id))
        """,
    ]

    /// Closes the connection; the store cannot be used afterwards.
    ///
    /// - Throws: ``MachineStoreError/database(_:)``.
    public func close() async throws(MachineStoreError) {
        do {
            try await connection.close()
        } catch {
            throw .database("\(error)")
        }
    }

    /// The database's journal mode, `wal` once opened.
    ///
    /// - Throws: ``MachineStoreError/database(_:)``.
    public func journalMode() async throws(MachineStoreError) -> String {
        try await query("PRAGMA journal_mode").first?.column("journal_mode")?.string ?? ""
    }

    public func load(machine: String) async throws(MachineStoreError) -> StoredMachine? {
        let rows = try await query("SELECT version, snapshot FROM statecraft_machines WHERE id = ?", [.text(machine)])
        guard let row = rows.first else { return nil }
        guard let version = row.column("version")?.integer, let snapshot = row.column("snapshot")?.string else {
            throw .corrupt("machine \"\(machine)\" has a row without version or snapshot")
        }
        return StoredMachine(snapshot: Data(snapshot.utf8), version: Int64(version))
    }

    public func save(machine: String, snapshot: Data, entry: JournalEntry) async throws(MachineStoreError) {
        let connection = connection
        try await gate.run { () async throws(MachineStoreError) in
            try await Self.execute("BEGIN IMMEDIATE", on: connection)
            do throws(MachineStoreError) {
                let rows = try await Self.query(
                    "SELECT version FROM statecraft_machines WHERE id = ?", [.text(machine)], on: connection)
                let found = Int64(rows.first?.column("version")?.integer ?? 0)
                guard found == entry.sequence - 1 else {
                    throw MachineStoreError.conflict(machine: machine, expected: entry.sequence - 1, found: found)
                }
                let duplicates = try await Self.query(
                    "SELECT 1 FROM statecraft_journal WHERE machine_id = ? AND event_id = ?",
                    [.text(machine), .text(entry.eventID)], on: connection)
                guard duplicates.isEmpty else {
                    throw MachineStoreError.duplicateEvent(machine: machine, eventID: entry.eventID)
                }
                try await Self.execute(
                    """
                    INSERT INTO statecraft_machines (id, version, snapshot) VALUES (?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET version = excluded.version, snapshot = excluded.snapshot
                    """,
                    [
                        .text(machine), .integer(SQLiteInt64(entry.sequence)),
                        .text(String(decoding: snapshot, as: UTF8.self)),
                    ],
                    on: connection)
                try await Self.execute(
                    "INSERT INTO statecraft_journal (machine_id, sequence, event_id, event) VALUES (?, ?, ?, ?)",
                    [
                        .text(machine), .integer(SQLiteInt64(entry.sequence)), .text(entry.eventID),
                        .text(String(decoding: entry.event, as: UTF8.self)),
                    ],
                    on: connection)
                try await Self.execute("COMMIT", on: connection)
            } catch {
                try? await Self.execute("ROLLBACK", on: connection)
                throw error
            }
        }
    }

    public func journal(machine: String) async throws(MachineStoreError) -> [JournalEntry] {
        let rows = try await query(
            "SELECT sequence, event_id, event FROM statecraft_journal WHERE machine_id = ? ORDER BY sequence",
            [.text(machine)])
        var entries: [JournalEntry] = []
        for row in rows {
            guard let sequence = row.column("sequence")?.integer, let eventID = row.column("event_id")?.string,
                let event = row.column("event")?.string
            else { throw .corrupt("a journal entry of machine \"\(machine)\" lacks a column") }
            entries.append(JournalEntry(sequence: Int64(sequence), eventID: eventID, event: Data(event.utf8)))
        }
        return entries
    }

    public func contains(eventID: String, machine: String) async throws(MachineStoreError) -> Bool {
        try await !query(
            "SELECT 1 FROM statecraft_journal WHERE machine_id = ? AND event_id = ?", [.text(machine), .text(eventID)]
        ).isEmpty
    }

    public func machines() async throws(MachineStoreError) -> [String] {
        try await query("SELECT id FROM statecraft_machines ORDER BY id").compactMap { $0.column("id")?.string }
    }

    public func journalCount() async throws(MachineStoreError) -> Int {
        Int(try await query("SELECT COUNT(*) AS count FROM statecraft_journal").first?.column("count")?.integer ?? 0)
    }

    private func query(_ sql: String, _ binds: [SQLiteData] = []) async throws(MachineStoreError) -> [SQLiteRow] {
        let connection = connection
        return try await gate.run { () async throws(MachineStoreError) in
            try await Self.query(sql, binds, on: connection)
        }
    }

    private func execute(_ sql: String) async throws(MachineStoreError) {
        _ = try await query(sql)
    }

    private static func query(_ sql: String, _ binds: [SQLiteData], on connection: SQLiteConnection)
        async throws(MachineStoreError) -> [SQLiteRow]
    {
        do {
            return try await connection.query(sql, binds)
        } catch {
            throw .database("\(error) in \(sql.prefix(60))")
        }
    }

    private static func execute(_ sql: String, _ binds: [SQLiteData] = [], on connection: SQLiteConnection)
        async throws(MachineStoreError)
    {
        _ = try await query(sql, binds, on: connection)
    }
}
