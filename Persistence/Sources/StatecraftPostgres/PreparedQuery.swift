import PostgresNIO

/// A statement whose text never changes — every value of it a bind — run as a prepared statement: each
/// connection parses and plans it once instead of at every run.
protocol PreparedQueryText {
    /// The statement's text: what the store's query for it renders to, whatever its values.
    static var sql: String { get }
}

/// A run of a ``PreparedQueryText`` statement with its values.
struct PreparedQuery<Text: PreparedQueryText>: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static var name: String { "statecraft_\(Text.self)" }
    static var sql: String { Text.sql }

    /// The values of the run.
    let binds: PostgresBindings

    /// A run of `query`, whose text must be `Text.sql`.
    init(_ query: PostgresQuery) {
        precondition(
            query.sql == Text.sql,
            "Internal inconsistency: the text of the statement \(Text.self) changed with its values")
        binds = query.binds
    }

    func makeBindings() -> PostgresBindings { binds }

    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}
