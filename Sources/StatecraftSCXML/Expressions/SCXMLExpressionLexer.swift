/// Splits the source of an expression into tokens.
///
/// Works on Unicode scalars, as ECMAScript source does, so offsets in errors count scalars and a quote
/// followed by a combining mark is still a quote (on characters, `'` and U+0301 are one character and the
/// string literal `'\u{301}'` could not be read back); never traps on any input.
struct SCXMLExpressionLexer {
    private let characters: [Unicode.Scalar]
    private var position = 0

    /// Operators and punctuation, longest first so that `===` wins over `==`.
    private static let symbols = [
        "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "+", "-", "*", "/", "%", "(", ")",
        ",", ".", "[", "]", "{", "}", ":", "|", "&", "^", ";", "?", "~", "=",
    ]

    /// Creates a lexer over a source text.
    /// - Parameter text: the expression's source.
    init(text: String) {
        characters = Array(text.unicodeScalars)
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
            tokens.append(try nextToken(after: tokens.last?.kind))
        }
    }

    private mutating func skipWhitespace() {
        while position < characters.count, characters[position].properties.isWhitespace {
            position += 1
        }
    }

    private func character(at offset: Int) -> Unicode.Scalar? {
        offset < characters.count ? characters[offset] : nil
    }

    private mutating func nextToken(after previous: SCXMLExpressionToken.Kind?) throws(SCXMLExpressionError)
        -> SCXMLExpressionToken
    {
        let start = position
        let first = characters[position]
        if first == "/", Self.expectsOperand(after: previous) {
            return SCXMLExpressionToken(kind: try readRegularExpression(), offset: start)
        }
        if Self.isDigit(first) || first == "." && character(at: position + 1).map(Self.isDigit) == true {
            return SCXMLExpressionToken(kind: .number(try readNumber()), offset: start)
        }
        if first == "'" || first == "\"" {
            return SCXMLExpressionToken(kind: .string(try readString(quote: first)), offset: start)
        }
        if Self.isIdentifierStart(first) {
            while let next = character(at: position), Self.isIdentifierPart(next) {
                position += 1
            }
            return SCXMLExpressionToken(kind: .identifier(Self.string(characters[start..<position])), offset: start)
        }
        for symbol in Self.symbols where matches(symbol) {
            position += symbol.unicodeScalars.count
            return SCXMLExpressionToken(kind: .symbol(symbol), offset: start)
        }
        throw .syntax("unexpected character '\(first)'", offset: start)
    }

    private func matches(_ symbol: String) -> Bool {
        var offset = position
        for character in symbol.unicodeScalars {
            guard self.character(at: offset) == character else {
                return false
            }
            offset += 1
        }
        return true
    }

    /// Whether a `/` after `previous` starts a regular-expression literal rather than a division: at the
    /// start, after an operator or opening punctuation, or after a keyword that takes an operand.
    private static func expectsOperand(after previous: SCXMLExpressionToken.Kind?) -> Bool {
        switch previous {
        case nil: true
        case .symbol(let symbol): symbol != ")" && symbol != "]" && symbol != "}"
        case .identifier(let name): ["typeof", "return", "in", "instanceof", "new", "delete", "void"].contains(name)
        case .number, .string, .regularExpression, .end: false
        }
    }

    /// `/PATTERN/FLAGS` from the opening slash: a `/` inside a class (`[/]`) or escaped does not end it.
    private mutating func readRegularExpression() throws(SCXMLExpressionError) -> SCXMLExpressionToken.Kind {
        let start = position
        position += 1
        var pattern = String.UnicodeScalarView()
        var inClass = false
        while true {
            guard let next = character(at: position), next != "\n", next != "\r", next != "\u{2028}", next != "\u{2029}"
            else {
                throw .syntax("unterminated regular expression", offset: start)
            }
            position += 1
            if next == "/" && !inClass { break }
            pattern.append(next)
            if next == "\\", let escaped = character(at: position), escaped != "\n" {
                pattern.append(escaped)
                position += 1
            } else if next == "[" {
                inClass = true
            } else if next == "]" {
                inClass = false
            }
        }
        var flags = String.UnicodeScalarView()
        while let next = character(at: position), Self.isIdentifierPart(next) {
            flags.append(next)
            position += 1
        }
        return .regularExpression(pattern: String(pattern), flags: String(flags))
    }

    private mutating func readNumber() throws(SCXMLExpressionError) -> Double {
        let start = position
        var text = ""
        func take(_ lexer: inout SCXMLExpressionLexer, into text: inout String) {
            while let next = lexer.character(at: lexer.position), Self.isDigit(next) {
                text.unicodeScalars.append(next)
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
                text.unicodeScalars.append(sign)
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
            throw .syntax("the number '\(Self.string(characters[start..<position]))' is out of range", offset: start)
        }
        return value
    }

    private mutating func readString(quote: Unicode.Scalar) throws(SCXMLExpressionError) -> String {
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
                default: value.unicodeScalars.append(escaped)
                }
            } else if Self.isNewline(next) {
                throw .syntax("a string literal continues past the end of the line", offset: start)
            } else {
                value.unicodeScalars.append(next)
            }
        }
        throw .syntax("the string literal is not terminated", offset: start)
    }

    /// Reads the four hexadecimal digits after `\u`; a high surrogate must be followed by `\u` and a low
    /// surrogate, and the pair is one scalar (as ECMAScript reads `'\uD83D\uDE00'`).
    private mutating func readUnicodeEscape() throws(SCXMLExpressionError) -> Unicode.Scalar {
        let start = position - 2
        let unit = try readHex4(escapeAt: start)
        if (0xD800...0xDBFF).contains(unit), character(at: position) == "\\", character(at: position + 1) == "u" {
            position += 2
            let low = try readHex4(escapeAt: position - 2)
            if (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            {
                return scalar
            }
        }
        guard let scalar = Unicode.Scalar(unit) else {
            throw .syntax(
                "'\\u\(String(unit, radix: 16, uppercase: true))' is a lone surrogate, not a character",
                offset: start)
        }
        return scalar
    }

    private mutating func readHex4(escapeAt start: Int) throws(SCXMLExpressionError) -> UInt32 {
        guard position + 4 <= characters.count else {
            throw .syntax("a \\u escape needs four hexadecimal digits", offset: start)
        }
        let digits = Self.string(characters[position..<position + 4])
        guard digits.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }),
            let code = UInt32(digits, radix: 16)
        else {
            throw .syntax("'\\u\(digits)' is not a valid unicode escape", offset: start)
        }
        position += 4
        return code
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// The line terminators that end a string literal: those `Character.isNewline` names.
    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// A letter, `_` or `$`.
    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: scalar == "_" || scalar == "$"
        }
    }

    /// What may follow the start of an identifier: also digits, combining marks, connector punctuation and
    /// the zero-width joiners (ECMAScript's ID_Continue, roughly).
    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .connectorPunctuation: true
        default: isIdentifierStart(scalar) || scalar == "\u{200C}" || scalar == "\u{200D}"
        }
    }
}
