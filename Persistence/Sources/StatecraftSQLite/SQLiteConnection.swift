import CStatecraftSQLite
import Dispatch

/// One connection to an SQLite database of the system library, used only on its own serial dispatch queue.
///
/// SQLite's calls block: a commit waits for `fsync`, and a transaction may wait up to the busy timeout for
/// another process's write lock. So they never run on Swift's cooperative thread pool, whose few threads
/// every task shares: ``perform(_:)`` runs a whole unit of work (a transaction, say) synchronously on the
/// connection's queue, one unit at a time in arrival order, while the calling task waits suspended.
/// ``execute(_:_:)`` and ``query(_:_:)`` may only be called from inside ``perform(_:)``.
final class SQLiteConnection: @unchecked Sendable {
    // `@unchecked Sendable`: `handle` is used only on `queue` (checked by `dispatchPrecondition` in debug
    // builds), and `isOpen` only there too.
    private let handle: OpaquePointer
    private let queue: DispatchQueue
    private var isOpen = true
    /// The statements prepared so far, by SQL text: a statement run again is reset, not prepared again.
    private var prepared: [String: OpaquePointer] = [:]
    /// Per statement text, the runs and the nanoseconds they took, when `STATECRAFT_SQLITE_PROFILE` is set
    /// (``SQLiteStatementProfile``); `nil` otherwise.
    private var profile: SQLiteStatementProfile? = SQLiteStatementProfile.fromEnvironment()

    private init(handle: OpaquePointer, queue: DispatchQueue) {
        self.handle = handle
        self.queue = queue
    }

    /// A connection released without ``close()`` closes here (no work can be pending on its queue: each
    /// holds the connection).
    deinit {
        for statement in prepared.values { sqlite3_finalize(statement) }
        if isOpen { sqlite3_close_v2(handle) }
    }

    /// Opens (creating if needed) the database file at `path`.
    ///
    /// - Parameter path: The file.
    /// - Returns: The connection.
    /// - Throws: ``SQLiteError`` when SQLite cannot open it.
    static func open(path: String) async throws(SQLiteError) -> SQLiteConnection {
        let queue = DispatchQueue(label: "statecraft.sqlite \(path)")
        let opened: Result<OpaquePointer, SQLiteError> = await withCheckedContinuation { continuation in
            queue.async {
                var handle: OpaquePointer?
                // No mutex of SQLite's around each call: the handle is only used on `queue`, one call at a time.
                let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
                let code = sqlite3_open_v2(path, &handle, flags, nil)
                guard code == SQLITE_OK, let handle else {
                    let error = SQLiteError(code: code, connection: handle)
                    sqlite3_close_v2(handle)
                    continuation.resume(returning: .failure(error))
                    return
                }
                sqlite3_extended_result_codes(handle, 1)
                continuation.resume(returning: .success(handle))
            }
        }
        return SQLiteConnection(handle: try opened.get(), queue: queue)
    }

    /// Runs `body` on the connection's queue once the work handed to it before is done.
    ///
    /// - Parameter body: Synchronous work on the connection.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    func perform<Value: Sendable, Failure: Error>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(Failure) in try body(self) })
            }
        }
        return try result.get()
    }

    /// Closes the connection; it cannot be used afterwards.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses (a statement left unfinished).
    func close() async throws(SQLiteError) {
        try await perform { connection throws(SQLiteError) in
            guard connection.isOpen else { return }
            for statement in connection.prepared.values { sqlite3_finalize(statement) }
            connection.prepared.removeAll()
            connection.profile?.report()
            let code = sqlite3_close(connection.handle)
            guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection.handle) }
            connection.isOpen = false
        }
    }

    /// Runs `sql` (one statement), discarding any rows.
    ///
    /// - Parameters:
    ///   - sql: The statement, with `?` for each bound value.
    ///   - binds: The values, in order.
    /// - Throws: ``SQLiteError``.
    func execute(_ sql: String, _ binds: [SQLiteValue] = []) throws(SQLiteError) {
        _ = try query(sql, binds)
    }

    /// Runs `sql` (one statement) and returns its rows, each a list of column values in select order.
    ///
    /// - Parameters:
    ///   - sql: The statement, with `?` for each bound value.
    ///   - binds: The values, in order.
    /// - Returns: The rows.
    /// - Throws: ``SQLiteError``.
    /// - Complexity: O(*r*) in the rows returned, plus SQLite's work.
    func query(_ sql: String, _ binds: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        dispatchPrecondition(condition: .onQueue(queue))
        guard isOpen else { throw SQLiteError(code: SQLITE_MISUSE, message: "the connection is closed") }
        guard profile != nil else { return try run(sql, binds) }
        let start = DispatchTime.now().uptimeNanoseconds
        defer { profile?.record(sql, nanoseconds: DispatchTime.now().uptimeNanoseconds - start) }
        return try run(sql, binds)
    }

    /// ``query(_:_:)``'s work: binds `binds` to the statement of `sql`, steps it and resets it.
    private func run(_ sql: String, _ binds: [SQLiteValue]) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try statement(for: sql)
        // Reset whatever happens, so that the statement holds no lock and no row once this returns.
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in binds.enumerated() {
            let index = Int32(offset + 1)
            let bound: Int32 =
                switch value {
                case .integer(let number): sqlite3_bind_int64(statement, index, number)
                case .text(let text): statecraft_sqlite3_bind_text(statement, index, text, -1)
                case .null: sqlite3_bind_null(statement, index)
                }
            guard bound == SQLITE_OK else { throw SQLiteError(code: bound, connection: handle) }
        }
        var rows: [[SQLiteValue]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return rows }
            guard step == SQLITE_ROW else { throw SQLiteError(code: step, connection: handle) }
            rows.append((0..<sqlite3_column_count(statement)).map { column in Self.value(statement, column) })
        }
    }

    /// The most statements kept prepared.
    private static let preparedLimit = 256

    /// The prepared statement for `sql`: the one prepared before, or a new one, kept.
    ///
    /// - Complexity: O(1) once prepared; SQLite's parsing and planning the first time.
    private func statement(for sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = prepared[sql] { return statement }
        var made: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &made, nil)
        guard code == SQLITE_OK, let statement = made else {
            sqlite3_finalize(made)
            throw SQLiteError(code: code, connection: handle)
        }
        if prepared.count >= Self.preparedLimit {
            // Statements of text built at run time (none so far) must not pile up.
            for statement in prepared.values { sqlite3_finalize(statement) }
            prepared.removeAll()
        }
        prepared[sql] = statement
        return statement
    }

    private static func value(_ statement: OpaquePointer, _ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_NULL: return .null
        default:
            guard let text = sqlite3_column_text(statement, column) else { return .null }
            return .text(String(cString: text))
        }
    }
}

/// A value bound to or read from an SQL statement of ``SQLiteConnection``.
enum SQLiteValue: Sendable, Equatable {
    case integer(Int64)
    case text(String)
    case null

    /// The integer, if the value is one.
    var integer: Int64? {
        if case .integer(let number) = self { number } else { nil }
    }

    /// The text, if the value is text.
    var text: String? {
        if case .text(let text) = self { text } else { nil }
    }
}
