/// Reads the statements of a `<script>`: `var` declarations, assignments and expression statements,
/// separated by `;` or line breaks outside brackets and string literals.
enum SCXMLScriptParser {
    /// The compound assignment operators and the binary operator each applies.
    private static let compound: [Unicode.Scalar: SCXMLBinaryOperator] = [
        "+": .add, "-": .subtract, "*": .multiply, "/": .divide, "%": .remainder,
    ]

    /// Parses a script's text.
    ///
    /// - Parameter text: the script.
    /// - Returns: its statements.
    /// - Throws: ``SCXMLExpressionError/syntax(_:offset:)`` naming a construct beyond the subset
    ///   (functions, `new`, loops) or a malformed statement; the offset counts from the script's start.
    static func parse(_ text: String) throws(SCXMLExpressionError) -> [SCXMLScriptStatement] {
        var statements: [SCXMLScriptStatement] = []
        for (offset, source) in split(Array(text.unicodeScalars)) {
            do throws(SCXMLExpressionError) {
                statements.append(try statement(source))
            } catch {
                if case .syntax(let message, let inner) = error {
                    throw .syntax(message, offset: offset + inner)
                }
                throw error
            }
        }
        return statements
    }

    /// The statements' texts with their offsets: split at `;` and line breaks at bracket depth 0 outside
    /// strings, blank ones dropped.
    private static func split(_ scalars: [Unicode.Scalar]) -> [(Int, [Unicode.Scalar])] {
        var result: [(Int, [Unicode.Scalar])] = []
        var start = 0
        func flush(_ end: Int) {
            let piece = Array(scalars[start..<end])
            if piece.contains(where: { !$0.properties.isWhitespace }) {
                result.append((start, piece))
            }
            start = end + 1
        }
        scanCode(scalars) { index, scalar, depth in
            // A line break inside an unfinished expression (`a +` / `b`) continues it.
            if ";\n\r".unicodeScalars.contains(scalar), depth <= 0,
                scalar == ";" || !continues(scalars, before: index)
            {
                flush(index)
            }
            return 1
        }
        flush(scalars.count)
        return result
    }

    /// Walks `scalars` outside string literals, keeping the bracket depth: `visit` sees every other scalar
    /// with the depth at it and returns how many scalars to move on by (1, or more to skip some), or `nil`
    /// to stop.
    private static func scanCode(
        _ scalars: [Unicode.Scalar], _ visit: (_ index: Int, _ scalar: Unicode.Scalar, _ depth: Int) -> Int?
    ) {
        var depth = 0
        var quote: Unicode.Scalar?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == "\\" {
                    index += 1
                } else if scalar == open {
                    quote = nil
                }
            } else {
                switch scalar {
                case "'", "\"": quote = scalar
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                default:
                    guard let step = visit(index, scalar, depth) else { return }
                    index += step
                    continue
                }
            }
            index += 1
        }
    }

    /// Whether the text before a line break ends with an operator or opening bracket, so the statement goes on.
    private static func continues(_ scalars: [Unicode.Scalar], before index: Int) -> Bool {
        var position = index - 1
        while position >= 0, scalars[position].properties.isWhitespace {
            position -= 1
        }
        guard position >= 0 else { return false }
        return "+-*/%=<>!&|^,.([{?:".unicodeScalars.contains(scalars[position])
    }

    private static func statement(_ scalars: [Unicode.Scalar]) throws(SCXMLExpressionError) -> SCXMLScriptStatement {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        let leading = scalars.prefix { $0.properties.isWhitespace }.count
        let body = Array(scalars[leading...])
        for keyword in ["if", "for", "while", "do", "switch", "return", "function", "try", "throw"]
        where startsWithWord(body, keyword) {
            throw .syntax("'\(keyword)' statements are not supported in <script>", offset: leading)
        }
        if startsWithWord(body, "var") || startsWithWord(body, "let") || startsWithWord(body, "const") {
            let keywordLength = body.prefix { !$0.properties.isWhitespace }.count
            let rest = Array(body[keywordLength...])
            let restOffset = leading + keywordLength
            if let equals = assignmentOperator(in: rest) {
                let name = try SCXMLExpression.parse(string(rest[..<equals.index]))
                guard case .variable(let variable) = name, equals.op == nil else {
                    throw .syntax("a declaration needs a variable name before '='", offset: restOffset)
                }
                let value = try shifted(restOffset + equals.index + 1) { () throws(SCXMLExpressionError) in
                    try SCXMLExpression.parse(string(rest[(equals.index + 1)...]))
                }
                return .declare(variable, value)
            }
            guard case .variable(let variable) = try SCXMLExpression.parse(string(rest)) else {
                throw .syntax("a declaration needs a variable name", offset: restOffset)
            }
            return .declare(variable, nil)
        }
        if let equals = assignmentOperator(in: scalars) {
            let location = try SCXMLExpression.parse(string(scalars[..<(equals.index - (equals.op == nil ? 0 : 1))]))
            guard location.isLocation else {
                throw .syntax("the left side of an assignment must be a location", offset: leading)
            }
            let value = try shifted(equals.index + 1) { () throws(SCXMLExpressionError) in
                try SCXMLExpression.parse(string(scalars[(equals.index + 1)...]))
            }
            return .assign(location, equals.op, value)
        }
        return .expression(try SCXMLExpression.parse(text))
    }

    private static func shifted<T>(
        _ offset: Int, _ body: () throws(SCXMLExpressionError) -> T
    ) throws(SCXMLExpressionError) -> T {
        do {
            return try body()
        } catch {
            if case .syntax(let message, let inner) = error {
                throw .syntax(message, offset: offset + inner)
            }
            throw error
        }
    }

    /// The position of the statement's assignment `=` at bracket depth 0 outside strings (not part of
    /// `==`, `!=`, `<=`, `>=`), and the compound operator before it, if any.
    private static func assignmentOperator(
        in scalars: some Collection<Unicode.Scalar>
    ) -> (index: Int, op: SCXMLBinaryOperator?)? {
        let array = Array(scalars)
        var found: (index: Int, op: SCXMLBinaryOperator?)?
        scanCode(array) { index, scalar, depth in
            guard scalar == "=", depth == 0 else { return 1 }
            let next = index + 1 < array.count ? array[index + 1] : nil
            let previous = index > 0 ? array[index - 1] : nil
            if next == "=" { return 2 }
            if let previous, "=!<>".unicodeScalars.contains(previous) { return 1 }
            found = (index, previous.flatMap { compound[$0] })
            return nil
        }
        return found
    }

    private static func startsWithWord(_ scalars: [Unicode.Scalar], _ word: String) -> Bool {
        let letters = Array(word.unicodeScalars)
        guard scalars.count >= letters.count, Array(scalars[..<letters.count]) == letters else { return false }
        return scalars.count == letters.count || !SCXMLExpressionLexer.isIdentifierPart(scalars[letters.count])
    }

    private static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
