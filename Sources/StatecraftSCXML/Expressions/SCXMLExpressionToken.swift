/// A token of the SCXML expression language, with its character offset in the source.
struct SCXMLExpressionToken: Equatable {
    /// What a token is.
    enum Kind: Equatable {
        /// A number literal.
        case number(Double)
        /// A string literal, escapes resolved.
        case string(String)
        /// An identifier or keyword (`true`, `null`, …).
        case identifier(String)
        /// An operator or punctuation mark: `===`, `(`, `.`, ….
        case symbol(String)
        /// A regular-expression literal: its pattern and flags (`/a+b/i`).
        case regularExpression(pattern: String, flags: String)
        /// The end of the source.
        case end
    }

    /// What the token is.
    var kind: Kind
    /// The offset of the token's first character, counted in characters.
    var offset: Int
}
