import Foundation

/// What a connection's statements cost, for finding where its thread's time goes: per statement text, the
/// runs and their total time, written to standard error when the connection closes.
///
/// Off unless the environment variable `STATECRAFT_SQLITE_PROFILE` is set (to anything):
///
/// ```sh
/// STATECRAFT_SQLITE_PROFILE=1 orders bench --store sqlite:/tmp/b/o.sqlite --events 200000 --workers 16
/// ```
///
/// Each line is `<runs> runs <total> ms <mean> µs  <statement>`, the costliest first. A run is timed from
/// binding to reset: SQLite's work and the conversion of the rows, not the wait for the connection's queue.
struct SQLiteStatementProfile {
    private var runs: [String: (count: Int, nanoseconds: UInt64)] = [:]

    /// A profile when `STATECRAFT_SQLITE_PROFILE` is set, else `nil`.
    static func fromEnvironment() -> SQLiteStatementProfile? {
        ProcessInfo.processInfo.environment["STATECRAFT_SQLITE_PROFILE"] == nil ? nil : SQLiteStatementProfile()
    }

    /// Counts one run of `sql` that took `nanoseconds`.
    mutating func record(_ sql: String, nanoseconds: UInt64) {
        runs[sql, default: (0, 0)].count += 1
        runs[sql, default: (0, 0)].nanoseconds += nanoseconds
    }

    /// Writes the runs to standard error, the costliest statement first.
    ///
    /// - Complexity: O(*s* log *s*) in the *s* statement texts run.
    func report() {
        let total = runs.values.reduce(0) { $0 + $1.nanoseconds }
        var lines = ["sqlite profile: \(String(format: "%.0f", Double(total) / 1e6)) ms in statements"]
        for (sql, run) in runs.sorted(by: { $0.value.nanoseconds > $1.value.nanoseconds }) {
            let text = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            lines.append(
                String(
                    format: "%9d runs %9.1f ms %7.2f µs  %@", run.count, Double(run.nanoseconds) / 1e6,
                    Double(run.nanoseconds) / 1e3 / Double(max(run.count, 1)), String(text.prefix(110))))
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
