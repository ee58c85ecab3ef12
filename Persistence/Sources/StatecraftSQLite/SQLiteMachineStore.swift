import CStatecraftFileGuard
import CStatecraftSQLite
import Foundation
import StatecraftPersistence

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
    /// The batches of ``accept(_:)`` waiting for the connection: written together, one `fsync` for all.
    let acceptQueue = SQLiteAcceptQueue()
    /// Wakes this process's workers waiting for work once an acceptance committed.
    public let acceptanceSignal: AcceptanceSignal? = AcceptanceSignal()

    /// Connections given up after their `-shm` file changed: closing one would write to the file SQLite
    /// maps (a checkpoint), which is the fault. They stay open until the process ends, as after a crash.
    private static let abandoned = LockedValue<[SQLiteConnection]>([])

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
        // 32 MB of pages in the process (SQLite's default is 2 MB): a worker's batches touch the rows of many
        // machines, and each page missing from the cache is a `pread` again.
        try execute("PRAGMA cache_size = -32768", on: connection, files: files)
        // The log is copied into the database every 40,000 pages (160 MB; SQLite's default is 1,000): a page
        // written by many commits in between is copied once (Persistence/README.md, "SQLite", has the figures).
        // The log file keeps its largest size while the store is open (SQLite deletes it when the last
        // connection closes), and a process opening the file after a crash reads all of it.
        try execute("PRAGMA wal_autocheckpoint = 40000", on: connection, files: files)
        try execute("BEGIN IMMEDIATE", on: connection, files: files)
        do throws(MachineStoreError) {
            for statement in schema { try execute(statement, on: connection, files: files) }
            try migrate(connection, files: files)
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
        // One read transaction: the snapshot, its timers and the entries after it as one commit left them.
        try await transaction(immediate: false) { connection, files throws(MachineStoreError) in
            try Self.stored(machine, on: connection, files: files)
        }
    }

    /// Loads many machines in one read transaction: one turn on the connection for all of them.
    ///
    /// - Complexity: A few statements per machine, all in one read transaction.
    public func load(machines: [String]) async throws(MachineStoreError) -> [String: StoredMachine] {
        guard !machines.isEmpty else { return [:] }
        return try await transaction(immediate: false) { connection, files throws(MachineStoreError) in
            var stored: [String: StoredMachine] = [:]
            for machine in machines { stored[machine] = try Self.stored(machine, on: connection, files: files) }
            return stored
        }
    }

    /// The machine's row, timers and the journal entries after its snapshot, inside the caller's transaction.
    private static func stored(_ machine: String, on connection: SQLiteConnection, files: SQLiteStoreFiles)
        throws(MachineStoreError) -> StoredMachine?
    {
        let rows = try Self.query(
            "SELECT version, snapshot, snapshot_version, snapshot_at FROM statecraft_machines WHERE id = ?",
            [.text(machine)], on: connection, files: files)
        guard let row = rows.first else { return nil }
        guard let version = row[0].integer, let snapshot = row[1].text, let snapshotVersion = row[2].integer,
            let takenAt = row[3].integer
        else {
            throw MachineStoreError.corrupt("machine \"\(machine)\" has a row without version or snapshot")
        }
        let timers = try Self.query(
            "SELECT due FROM statecraft_timers WHERE machine_id = ? ORDER BY position", [.text(machine)],
            on: connection, files: files)
        var stored = StoredMachine(
            snapshot: Data(snapshot.utf8), version: version,
            timers: timers.compactMap { $0.first?.integer.map(DurableInstant.init(nanosecondsSinceEpoch:)) })
        if snapshotVersion < version {
            stored.replay = StoredMachine.Replay(
                snapshotVersion: snapshotVersion, takenAt: DurableInstant(nanosecondsSinceEpoch: takenAt),
                entries: try Self.journal(
                    machine: machine, after: snapshotVersion, on: connection, files: files))
        }
        return stored
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
        try await guarded { connection, files throws(MachineStoreError) in
            try Self.journal(machine: machine, after: 0, on: connection, files: files)
        }
    }

    /// The machine's journal entries after sequence `after`, oldest first.
    static func journal(
        machine: String, after: Int64, on connection: SQLiteConnection, files: SQLiteStoreFiles
    ) throws(MachineStoreError) -> [JournalEntry] {
        let rows = try query(
            """
            SELECT sequence, event_id, event, applied_at, fires_timer FROM statecraft_journal
            WHERE machine_id = ? AND sequence > ? ORDER BY sequence
            """,
            [.text(machine), .integer(after)], on: connection, files: files)
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
    ///
    /// `flushed: false` commits without waiting for the disk (`synchronous = NORMAL` for this commit): the
    /// transaction is in the write-ahead log, seen by every connection, survives the process being killed,
    /// and reaches the disk with the next flushed commit; only a power cut or a crash of the system before
    /// that loses it. For what only the processes of this host rely on (leases).
    func transaction<Result: Sendable>(
        immediate: Bool = true, flushed: Bool = true,
        _ body: @escaping @Sendable (SQLiteConnection, SQLiteStoreFiles) throws(MachineStoreError) -> Result
    ) async throws(MachineStoreError) -> Result {
        try await guarded { connection, files throws(MachineStoreError) in
            try Self.inTransaction(immediate: immediate, flushed: flushed, on: connection, files: files) {
                () throws(MachineStoreError) in try body(connection, files)
            }
        }
    }

    /// ``transaction(immediate:flushed:_:)``'s work, on the connection's queue.
    static func inTransaction<Result>(
        immediate: Bool = true, flushed: Bool = true, on connection: SQLiteConnection, files: SQLiteStoreFiles,
        _ body: () throws(MachineStoreError) -> Result
    ) throws(MachineStoreError) -> Result {
        if !flushed { try execute("PRAGMA synchronous = NORMAL", on: connection, files: files) }
        defer { if !flushed { try? execute("PRAGMA synchronous = FULL", on: connection, files: files) } }
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN", on: connection, files: files)
        do throws(MachineStoreError) {
            let result = try body()
            try execute("COMMIT", on: connection, files: files)
            return result
        } catch {
            try? execute("ROLLBACK", on: connection, files: files)
            throw error
        }
    }

    /// Runs `body` on the connection's queue once the operations before it are done — unless the `-shm`
    /// file was found changed under the store, now or before: then it throws that, and SQLite never touches
    /// the file.
    func guarded<Result: Sendable>(
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
