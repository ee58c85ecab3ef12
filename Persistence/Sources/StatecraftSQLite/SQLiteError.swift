import CStatecraftSQLite

/// An error the system SQLite library reported: its result code and message.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_IOERR_WRITE`, …).
    let extendedCode: Int32
    /// SQLite's message.
    let message: String

    /// The error of the last call on `connection` that returned `code`.
    init(code: Int32, connection: OpaquePointer?) {
        if let connection, sqlite3_errcode(connection) == code & 0xff || sqlite3_extended_errcode(connection) == code {
            extendedCode = sqlite3_extended_errcode(connection)
            message = String(cString: sqlite3_errmsg(connection))
        } else {
            extendedCode = code
            message = String(cString: sqlite3_errstr(code))
        }
    }

    /// An error with a message of the caller's.
    init(code: Int32, message: String) {
        extendedCode = code
        self.message = message
    }

    /// The primary result code (`SQLITE_IOERR`, …).
    var code: Int32 { extendedCode & 0xff }

    /// SQLite's sentence for the result code ("disk I/O error").
    var reason: String { String(cString: sqlite3_errstr(extendedCode)) }

    /// The message, with the result code's sentence and number when they add to it.
    var description: String {
        message == reason
            ? "\(message) (SQLite code \(extendedCode))" : "\(message) (\(reason), SQLite code \(extendedCode))"
    }
}
