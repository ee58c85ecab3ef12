import CStatecraftFileGuard
import CStatecraftSQLite
import Foundation
import StatecraftPersistence
import Synchronization

/// A ``MachineStore`` in one SQLite file, with no server: the embedded default.
///
/// ```swift
/// let store = try await SQLiteMachineStore(path: "orders.db")
/// let order = try await DurableMachine(id: "order-42", chart: orderChart, store: store)
/// ```
///
/// The database runs in WAL mode (readers do not block the writer, a commit is one append to the log)
/// with `synchronous = FULL`, so that a committed event survives a power cut. Each
/// ``save(machine:snapshot:entry:timers:)`` is one `BEGIN IMMEDIATE … COMMIT` transaction that checks the
/// version and the event identifier, then writes the snapshot, replaces the machine's timers (a table indexed
/// by due instant) and appends the journal entry. Several processes may open the same file: SQLite serialises
/// their transactions (they wait up to five seconds for the write lock). Within a process, the store's
/// operations take turns on its one connection, each on the connection's own serial dispatch queue: SQLite's
/// blocking calls (`fsync`, waiting for another process's lock) never hold a thread of Swift's cooperative
/// pool.
///
/// Built on the system SQLite library (`libsqlite3`), with no other dependency: an app that uses only this
/// store builds no SwiftNIO and no server library.
///
/// Files changed under the store by another program — made immutable or read-only, truncated, filled with
/// garbage — are ``MachineStoreError/storeFile(path:problem:)`` naming the file, at opening or at the next
/// operation (see `SQLiteStoreFiles`). One case cannot be a thrown error: SQLite maps the `-shm` file into
/// memory, and if it is made immutable or truncated while a transaction is using it, SQLite faults with a
/// SIGBUS. The store installs a handler that turns that fault into a message naming the file and exit
/// status 74 (see `statecraft_install_shm_fault_handler`); the store survives it as it survives `kill -9`.
public final class SQLiteMachineStore: MachineStore {
    private let connection: SQLiteConnection
    private let files: SQLiteStoreFiles

    /// Connections given up after their `-shm` file changed: closing one would write to the file SQLite
    /// maps (a checkpoint), which is the fault. They stay open until the process ends, as after a crash.
    private static let abandoned = Mutex<[SQLiteConnection]>([])

    /// Opens (creating if needed) the database file and its tables.
    ///
    /// - Parameter path: The database file.
    /// - Throws: ``MachineStoreError/storeFile(path:problem:)`` when the file, its `-wal` or `-shm` file or
    ///   its directory is immutable or read-only, or the file is not an SQLite database or is corrupt;
    ///   ``MachineStoreError/database(_:)`` for other SQLite errors.
    public init(path: String) async throws(MachineStoreError) {
        _ = statecraft_install_shm_fault_handler()
        let files = SQLiteStoreFiles(database: path)
        self.files = files
        try files.checkWritable()
        do {
            connection = try await SQLiteConnection.open(path: path)
        } catch {
            throw files.explain(error, during: "open \(path)")
        }
        do throws(MachineStoreError) {
            try await connection.perform { connection throws(MachineStoreError) in
                try Self.prepare(connection, files: files)
            }
        } catch {
            try? await connection.close()
            throw error
        }
        files.watchSharedMemory()
    }

    /// The tables, created in one `BEGIN IMMEDIATE` transaction.
    static let schema = [
        """
        CREATE TABLE IF NOT EXISTS statecraft_machines (
            id TEXT PRIMARY KEY, version INTEGER NOT NULL, snapshot TEXT NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS statecraft_journal (
            machine_id TEXT NOT NULL, sequence INTEGER NOT NULL, event_id TEXT NOT NULL, event TEXT NOT NULL,
            applied_at INTEGER NOT NULL DEFAULT 0, fires_timer INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (machine_id, sequence), UNIQUE (machine_id, event_id))
        """,
        """
        CREATE TABLE IF NOT EXISTS statecraft_timers (
            machine_id TEXT NOT NULL, position INTEGER NOT NULL, due INTEGER NOT NULL,
            PRIMARY KEY (machine_id, position))
        """,
        "CREATE INDEX IF NOT EXISTS statecraft_timers_due ON statecraft_timers (due, machine_id, position)",
        // The inbox (`EventInbox`): positions never reused, so that they are acceptance order.
        """
        CREATE TABLE IF NOT EXISTS statecraft_inbox (
            position INTEGER PRIMARY KEY AUTOINCREMENT, machine_id TEXT NOT NULL, event_id TEXT NOT NULL,
            event TEXT NOT NULL, accepted_at INTEGER NOT NULL, UNIQUE (machine_id, event_id))
        """,
        "CREATE INDEX IF NOT EXISTS statecraft_inbox_machine ON statecraft_inbox (machine_id, position)",
        // Leases on shards of machines (`ShardLeases`).
        """
        CREATE TABLE IF NOT EXISTS statecraft_leases (
            shard INTEGER PRIMARY KEY, owner TEXT NOT NULL, expires INTEGER NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS statecraft_leases_owner ON statecraft_leases (owner)",
    ]

    /// Adds the journal's time columns to a file written before entries had a time (their entries get the
    /// epoch, and no fired timers). Runs in the transaction that creates the tables.
    private static func addJournalTimeColumns(
        on connection: SQLiteConnection, files: SQLiteStoreFiles
    ) throws(MachineStoreError) {
        let columns = try query("PRAGMA table_info(statecraft_journal)", [], on: connection, files: files)
            .compactMap { $0.count > 1 ? $0[1].text : nil }
        guard !columns.contains("applied_at") else { return }
        try execute(
            "ALTER TABLE statecraft_journal ADD COLUMN applied_at INTEGER NOT NULL DEFAULT 0", on: connection,
            files: files)
        try execute(
            "ALTER TABLE statecraft_journal ADD COLUMN fires_timer INTEGER NOT NULL DEFAULT 0", on: connection,
            files: files)
    }

    /// Sets the connection up and creates the tables. Stores opening one new file at once (two processes
    /// starting together) wait for each other: the busy timeout is set first, the switch to WAL — which
    /// SQLite may refuse at once with `SQLITE_BUSY` rather than wait, to avoid a deadlock — is retried for up
    /// to five seconds, and the tables are created under the write lock taken at once.
    private static func prepare(_ connection: SQLiteConnection, files: SQLiteStoreFiles) throws(MachineStoreError) {
        try execute("PRAGMA busy_timeout = 5000", on: connection, files: files)
        var attempts = 0
        while true {
            do {
                try connection.execute("PRAGMA journal_mode = WAL")
                break
            } catch {
                guard error.code == SQLITE_BUSY, attempts < 5_000 else {
                    throw files.explain(error, during: "PRAGMA journal_mode = WAL")
                }
                attempts += 1
                usleep(1_000)
            }
        }
        try execute("PRAGMA synchronous = FULL", on: connection, files: files)
        try execute("BEGIN IMMEDIATE", on: connection, files: files)
        do throws(MachineStoreError) {
            for statement in schema { try execute(statement, on: connection, files: files) }
            try addJournalTimeColumns(on: connection, files: files)
            try execute("COMMIT", on: connection, files: files)
        } catch {
            try? execute("ROLLBACK", on: connection, files: files)
            throw error
        }
    }

    /// Closes the connection; the store cannot be used afterwards.
    ///
    /// - Throws: ``MachineStoreError/database(_:)``.
    public func close() async throws(MachineStoreError) {
        if files.sharedMemoryFault != nil {
            Self.abandoned.withLock { $0.append(connection) }
            return
        }
        do {
            try await connection.close()
        } catch {
            throw .database("closing \(files.database): \(error)")
        }
    }

    /// The database's journal mode, `wal` once opened.
    ///
    /// - Throws: ``MachineStoreError/database(_:)``.
    public func journalMode() async throws(MachineStoreError) -> String {
        try await query("PRAGMA journal_mode").first?.first?.text ?? ""
    }

    public func load(machine: String) async throws(MachineStoreError) -> StoredMachine? {
        // One read transaction: the snapshot and its timers as one commit left them.
        try await transaction(immediate: false) { connection, files throws(MachineStoreError) in
            let rows = try Self.query(
                "SELECT version, snapshot FROM statecraft_machines WHERE id = ?", [.text(machine)], on: connection,
                files: files)
            guard let row = rows.first else { return nil }
            guard let version = row[0].integer, let snapshot = row[1].text else {
                throw MachineStoreError.corrupt("machine \"\(machine)\" has a row without version or snapshot")
            }
            let timers = try Self.query(
                "SELECT due FROM statecraft_timers WHERE machine_id = ? ORDER BY position", [.text(machine)],
                on: connection, files: files)
            return StoredMachine(
                snapshot: Data(snapshot.utf8), version: version,
                timers: timers.compactMap { $0.first?.integer.map(DurableInstant.init(nanosecondsSinceEpoch:)) })
        }
    }

    public func save(
        machine: String, snapshot: Data, entry: JournalEntry, timers: [DurableInstant]
    ) async throws(MachineStoreError) {
        try await transaction { connection, files throws(MachineStoreError) in
            let rows = try Self.query(
                "SELECT version FROM statecraft_machines WHERE id = ?", [.text(machine)], on: connection, files: files)
            let found = rows.first?.first?.integer ?? 0
            guard found == entry.sequence - 1 else {
                throw MachineStoreError.conflict(machine: machine, expected: entry.sequence - 1, found: found)
            }
            let duplicates = try Self.query(
                "SELECT 1 FROM statecraft_journal WHERE machine_id = ? AND event_id = ?",
                [.text(machine), .text(entry.eventID)], on: connection, files: files)
            guard duplicates.isEmpty else {
                throw MachineStoreError.duplicateEvent(machine: machine, eventID: entry.eventID)
            }
            try Self.execute(
                """
                INSERT INTO statecraft_machines (id, version, snapshot) VALUES (?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET version = excluded.version, snapshot = excluded.snapshot
                """,
                [.text(machine), .integer(entry.sequence), .text(String(decoding: snapshot, as: UTF8.self))],
                on: connection, files: files)
            try Self.execute(
                """
                INSERT INTO statecraft_journal (machine_id, sequence, event_id, event, applied_at, fires_timer)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(machine), .integer(entry.sequence), .text(entry.eventID),
                    .text(String(decoding: entry.event, as: UTF8.self)),
                    .integer(entry.appliedAt.nanosecondsSinceEpoch),
                    .integer(entry.firesTimer ? 1 : 0),
                ],
                on: connection, files: files)
            try Self.execute(
                "DELETE FROM statecraft_inbox WHERE machine_id = ? AND event_id = ?",
                [.text(machine), .text(entry.eventID)], on: connection, files: files)
            try Self.execute(
                "DELETE FROM statecraft_timers WHERE machine_id = ?", [.text(machine)], on: connection, files: files)
            for (position, due) in timers.enumerated() {
                try Self.execute(
                    "INSERT INTO statecraft_timers (machine_id, position, due) VALUES (?, ?, ?)",
                    [.text(machine), .integer(Int64(position)), .integer(due.nanosecondsSinceEpoch)],
                    on: connection, files: files)
            }
        }
    }

    public func earliestTimers(limit: Int) async throws(MachineStoreError) -> [PendingTimer] {
        try await query(
            "SELECT machine_id, due FROM statecraft_timers ORDER BY due, machine_id, position LIMIT ?",
            [.integer(Int64(max(limit, 0)))]
        ).compactMap { row in
            guard let machine = row[0].text, let due = row[1].integer else { return nil }
            return PendingTimer(machine: machine, due: DurableInstant(nanosecondsSinceEpoch: due))
        }
    }

    public func journal(machine: String) async throws(MachineStoreError) -> [JournalEntry] {
        let rows = try await query(
            """
            SELECT sequence, event_id, event, applied_at, fires_timer FROM statecraft_journal WHERE machine_id = ?
            ORDER BY sequence
            """,
            [.text(machine)])
        var entries: [JournalEntry] = []
        for row in rows {
            guard let sequence = row[0].integer, let eventID = row[1].text, let event = row[2].text,
                let appliedAt = row[3].integer, let firesTimer = row[4].integer
            else { throw .corrupt("a journal entry of machine \"\(machine)\" lacks a column") }
            entries.append(
                JournalEntry(
                    sequence: sequence, eventID: eventID, event: Data(event.utf8),
                    appliedAt: DurableInstant(nanosecondsSinceEpoch: appliedAt), firesTimer: firesTimer != 0))
        }
        return entries
    }

    public func contains(eventID: String, machine: String) async throws(MachineStoreError) -> Bool {
        try await !query(
            "SELECT 1 FROM statecraft_journal WHERE machine_id = ? AND event_id = ?", [.text(machine), .text(eventID)]
        ).isEmpty
    }

    public func machines() async throws(MachineStoreError) -> [String] {
        try await query("SELECT id FROM statecraft_machines ORDER BY id").compactMap { $0.first?.text }
    }

    public func journalCount() async throws(MachineStoreError) -> Int {
        Int(try await query("SELECT COUNT(*) FROM statecraft_journal").first?.first?.integer ?? 0)
    }

    func query(_ sql: String, _ binds: [SQLiteValue] = []) async throws(MachineStoreError) -> [[SQLiteValue]] {
        try await guarded { connection, files throws(MachineStoreError) in
            try Self.query(sql, binds, on: connection, files: files)
        }
    }

    /// Runs `body` in one transaction — `BEGIN IMMEDIATE` (the write lock at once) or a read transaction —
    /// committed when it returns, rolled back when it throws.
    func transaction<Result: Sendable>(
        immediate: Bool = true,
        _ body: @escaping @Sendable (SQLiteConnection, SQLiteStoreFiles) throws(MachineStoreError) -> Result
    ) async throws(MachineStoreError) -> Result {
        try await guarded { connection, files throws(MachineStoreError) in
            try Self.execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN", on: connection, files: files)
            do throws(MachineStoreError) {
                let result = try body(connection, files)
                try Self.execute("COMMIT", on: connection, files: files)
                return result
            } catch {
                try? Self.execute("ROLLBACK", on: connection, files: files)
                throw error
            }
        }
    }

    /// Runs `body` on the connection's queue once the operations before it are done — unless the `-shm`
    /// file was found changed under the store, now or before: then it throws that, and SQLite never touches
    /// the file.
    private func guarded<Result: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection, SQLiteStoreFiles) throws(MachineStoreError) -> Result
    ) async throws(MachineStoreError) -> Result {
        let files = files
        return try await connection.perform { connection throws(MachineStoreError) in
            try files.checkSharedMemory()
            do throws(MachineStoreError) {
                return try body(connection, files)
            } catch {
                files.recordIfSharedMemoryFault(error)
                throw error
            }
        }
    }

    static func query(
        _ sql: String, _ binds: [SQLiteValue], on connection: SQLiteConnection, files: SQLiteStoreFiles
    ) throws(MachineStoreError) -> [[SQLiteValue]] {
        do {
            return try connection.query(sql, binds)
        } catch {
            throw files.explain(error, during: sql)
        }
    }

    static func execute(
        _ sql: String, _ binds: [SQLiteValue] = [], on connection: SQLiteConnection, files: SQLiteStoreFiles
    ) throws(MachineStoreError) {
        _ = try query(sql, binds, on: connection, files: files)
    }
}
