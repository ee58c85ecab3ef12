/// Splits the source of an expression into tokens.
///
/// Works on characters, so offsets in errors count characters; never traps on any input.
struct SCXMLExpressionLexer {
    private let characters: [Character]
    private var position = 0

    /// Operators and punctuation, longest first so that `===` wins over `==`.
    private static let symbols = [
        "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "+", "-", "*", "/", "%", "(", ")", ",", ".",
    ]

    /// Creates a lexer over a source text.
    /// - Parameter text: the expression's source.
    init(text: String) {
        characters = Array(text)
    }

    /// Reads every token, ending with ``SCXMLExpressionToken/Kind/end``.
    ///
    /// - Returns: the tokens.
    /// - Throws: ``SCXMLExpressionError/syntax(_:offset:)`` for an unterminated string, a malformed number or
    ///   a character that starts no token.
    /// - Complexity: O(*n*) in the length of the source.
    mutating func tokenize() throws(SCXMLExpressionError) -> [SCXMLExpressionToken] {
        var tokens: [SCXMLExpressionToken] = []
        while true {
            skipWhitespace()
            guard position < characters.count else {
                tokens.append(SCXMLExpressionToken(kind: .end, offset: position))
                return tokens
            }
            tokens.append(try nextToken())
        }
    }

    private mutating func skipWhitespace() {
        while position < characters.count, characters[position].isWhitespace {
            position += 1
        }
    }

    private func character(at offset: Int) -> Character? {
        offset < characters.count ? characters[offset] : nil
    }

    private mutating func nextToken() throws(SCXMLExpressionError) -> SCXMLExpressionToken {
        let start = position
        let first = characters[position]
        if first.isASCII && first.isNumber || first == "." && character(at: position + 1).map(Self.isDigit) == true {
            return SCXMLExpressionToken(kind: .number(try readNumber()), offset: start)
        }
        if first == "'" || first == "\"" {
            return SCXMLExpressionToken(kind: .string(try readString(quote: first)), offset: start)
        }
        if Self.isIdentifierStart(first) {
            while let next = character(at: position), Self.isIdentifierPart(next) {
                position += 1
            }
            return SCXMLExpressionToken(kind: .identifier(String(characters[start..<position])), offset: start)
        }
        for symbol in Self.symbols where matches(symbol) {
            position += symbol.count
            return SCXMLExpressionToken(kind: .symbol(symbol), offset: start)
        }
        if first == "=" {
            throw .syntax("'=' is an assignment, not an expression; compare with '==' or '==='", offset: start)
        }
        throw .syntax("unexpected character '\(first)'", offset: start)
    }

    private func matches(_ symbol: String) -> Bool {
        var offset = position
        for character in symbol {
            guard self.character(at: offset) == character else {
                return false
            }
            offset += 1
        }
        return true
    }

    private mutating func readNumber() throws(SCXMLExpressionError) -> Double {
        let start = position
        var text = ""
        func take(_ lexer: inout SCXMLExpressionLexer, into text: inout String) {
            while let next = lexer.character(at: lexer.position), Self.isDigit(next) {
                text.append(next)
                lexer.position += 1
            }
        }
        take(&self, into: &text)
        if character(at: position) == "." {
            text.append(".")
            position += 1
            take(&self, into: &text)
        }
        if let exponent = character(at: position), exponent == "e" || exponent == "E" {
            text.append("e")
            position += 1
            if let sign = character(at: position), sign == "+" || sign == "-" {
                text.append(sign)
                position += 1
            }
            let digitsBefore = text.count
            take(&self, into: &text)
            if text.count == digitsBefore {
                throw .syntax("the exponent of a number has no digits", offset: start)
            }
        }
        if let next = character(at: position), Self.isIdentifierPart(next) {
            throw .syntax("a number is followed by '\(next)'", offset: position)
        }
        if text.hasPrefix(".") {
            text = "0" + text
        }
        if text.hasSuffix(".") {
            text += "0"
        }
        guard let value = Double(text), value.isFinite else {
            throw .syntax("the number '\(String(characters[start..<position]))' is out of range", offset: start)
        }
        return value
    }

    private mutating func readString(quote: Character) throws(SCXMLExpressionError) -> String {
        let start = position
        position += 1
        var value = ""
        while let next = character(at: position) {
            position += 1
            if next == quote {
                return value
            }
            if next == "\\" {
                guard let escaped = character(at: position) else {
                    break
                }
                position += 1
                switch escaped {
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "t": value.append("\t")
                case "0": value.append("\0")
                case "u": value.unicodeScalars.append(try readUnicodeEscape())
                default: value.append(escaped)
                }
            } else if next.isNewline {
                throw .syntax("a string literal continues past the end of the line", offset: start)
            } else {
                value.append(next)
            }
        }
        throw .syntax("the string literal is not terminated", offset: start)
    }

    private mutating func readUnicodeEscape() throws(SCXMLExpressionError) -> Unicode.Scalar {
        let start = position - 2
        guard position + 4 <= characters.count else {
            throw .syntax("a \\u escape needs four hexadecimal digits", offset: start)
        }
        let digits = String(characters[position..<position + 4])
        guard digits.allSatisfy(\.isHexDigit), let code = UInt32(digits, radix: 16),
              let scalar = Unicode.Scalar(code) else {
            throw .syntax("'\\u\(digits)' is not a valid unicode escape", offset: start)
        }
        position += 4
        return scalar
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    static func isIdentifierStart(_ character: Character) -> Bool {
        character.isLetter || character == "_" || character == "$"
    }

    static func isIdentifierPart(_ character: Character) -> Bool {
        isIdentifierStart(character) || character.isNumber
    }
}
