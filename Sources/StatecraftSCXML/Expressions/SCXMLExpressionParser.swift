/// A recursive-descent parser from tokens to ``SCXMLExpression``.
///
/// Binary operators are parsed by precedence climbing; the depth of the resulting tree is limited to
/// ``maximumDepth`` so that evaluating, printing and hashing can never exhaust the stack.
struct SCXMLExpressionParser {
    /// The deepest expression tree accepted.
    static let maximumDepth = 200

    private let text: String
    private var tokens: [SCXMLExpressionToken] = []
    private var index = 0

    /// Creates a parser for a source text.
    /// - Parameter text: the expression's source.
    init(text: String) {
        self.text = text
    }

    /// Parses the whole text as one expression.
    ///
    /// - Returns: the expression.
    /// - Throws: ``SCXMLExpressionError/syntax(_:offset:)``.
    /// - Complexity: O(*n*) in the length of the source.
    mutating func parseExpression() throws(SCXMLExpressionError) -> SCXMLExpression {
        var lexer = SCXMLExpressionLexer(text: text)
        tokens = try lexer.tokenize()
        index = 0
        if case .end = current.kind {
            throw .syntax("the expression is empty", offset: 0)
        }
        let (expression, _) = try parseBinary(minimumPrecedence: 1, nesting: 0)
        if case .symbol("=") = current.kind {
            throw .syntax("'=' is an assignment, not an expression; compare with '==' or '==='", offset: current.offset)
        }
        guard case .end = current.kind else {
            throw .syntax("unexpected \(describe(current)) after the end of the expression", offset: current.offset)
        }
        return expression
    }

    private var current: SCXMLExpressionToken {
        tokens[min(index, tokens.count - 1)]
    }

    private mutating func advance() {
        if index < tokens.count - 1 {
            index += 1
        }
    }

    private func describe(_ token: SCXMLExpressionToken) -> String {
        switch token.kind {
        case .number(let number): "number \(SCXMLValue.format(number))"
        case .string: "string literal"
        case .identifier(let name): "'\(name)'"
        case .symbol(let symbol): "'\(symbol)'"
        case .regularExpression: "regular expression"
        case .end: "end of expression"
        }
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(SCXMLExpressionError) {
        if depth > Self.maximumDepth {
            throw .syntax("the expression is nested more than \(Self.maximumDepth) levels deep", offset: offset)
        }
    }

    private var currentBinaryOperator: SCXMLBinaryOperator? {
        switch current.kind {
        case .symbol(let symbol): SCXMLBinaryOperator(rawValue: symbol)
        case .identifier("in"): .in
        case .identifier("instanceof"): .instanceOf
        default: nil
        }
    }

    /// The token after the current one.
    private var next: SCXMLExpressionToken {
        tokens[min(index + 1, tokens.count - 1)]
    }

    /// Rejects `++` and `--` (two adjacent `+` or `-`): increments assign, which expressions cannot.
    private func rejectIncrement() throws(SCXMLExpressionError) {
        if case .symbol(let symbol) = current.kind, symbol == "+" || symbol == "-",
            case .symbol(symbol) = next.kind, next.offset == current.offset + 1
        {
            throw .syntax(
                "'\(symbol)\(symbol)' (increment or decrement) is not supported: expressions cannot assign",
                offset: current.offset)
        }
    }

    /// Parses operators binding at least as tightly as `minimumPrecedence`; returns the tree and its depth.
    private mutating func parseBinary(
        minimumPrecedence: Int, nesting: Int
    ) throws(SCXMLExpressionError) -> (SCXMLExpression, Int) {
        try checkDepth(nesting, at: current.offset)
        var (lhs, lhsDepth) = try parseUnary(nesting: nesting + 1)
        try rejectIncrement()
        while let op = currentBinaryOperator, op.precedence >= minimumPrecedence {
            let offset = current.offset
            advance()
            let (rhs, rhsDepth) = try parseBinary(minimumPrecedence: op.precedence + 1, nesting: nesting + 1)
            lhsDepth = max(lhsDepth, rhsDepth) + 1
            try checkDepth(lhsDepth, at: offset)
            lhs = .binary(op, lhs, rhs)
            try rejectIncrement()
        }
        return (lhs, lhsDepth)
    }

    private mutating func parseUnary(nesting: Int) throws(SCXMLExpressionError) -> (SCXMLExpression, Int) {
        try checkDepth(nesting, at: current.offset)
        try rejectIncrement()
        let unary: SCXMLUnaryOperator? =
            switch current.kind {
            case .symbol(let symbol): SCXMLUnaryOperator(rawValue: symbol)
            case .identifier("typeof"): .typeOf
            default: nil
            }
        if let op = unary {
            advance()
            let (operand, depth) = try parseUnary(nesting: nesting + 1)
            if op == .negate, case .literal(.number(let number)) = operand {
                return (.literal(.number(-number)), depth)
            }
            return (.unary(op, operand), depth + 1)
        }
        return try parsePostfix(nesting: nesting + 1)
    }

    private mutating func parsePostfix(nesting: Int) throws(SCXMLExpressionError) -> (SCXMLExpression, Int) {
        var (expression, depth) = try parsePrimary(nesting: nesting)
        while true {
            switch current.kind {
            case .symbol("."):
                advance()
                guard case .identifier(let name) = current.kind else {
                    throw .syntax(
                        "expected a property name after '.', found \(describe(current))", offset: current.offset)
                }
                advance()
                depth += 1
                try checkDepth(depth, at: current.offset)
                if case .symbol("(") = current.kind {
                    let (arguments, argumentDepth) = try parseArguments(of: name, nesting: nesting + depth)
                    depth = max(depth, argumentDepth)
                    expression = .method(expression, name, arguments)
                } else {
                    expression = .member(expression, name)
                }
            case .symbol("["):
                let open = current.offset
                advance()
                let (index, indexDepth) = try parseBinary(minimumPrecedence: 1, nesting: nesting + depth + 1)
                guard case .symbol("]") = current.kind else {
                    throw .syntax(
                        "expected ']' to close the '[' at offset \(open), found \(describe(current))",
                        offset: current.offset)
                }
                advance()
                depth = max(depth, indexDepth) + 1
                try checkDepth(depth, at: current.offset)
                expression = .index(expression, index)
            case .symbol("("):
                throw .syntax(
                    "only global functions and methods can be called, not \(expression.description)",
                    offset: current.offset)
            default:
                return (expression, depth)
            }
        }
    }

    private mutating func parsePrimary(nesting: Int) throws(SCXMLExpressionError) -> (SCXMLExpression, Int) {
        let token = current
        switch token.kind {
        case .number(let number):
            advance()
            return (.literal(.number(number)), 1)
        case .string(let string):
            advance()
            return (.literal(.string(string)), 1)
        case .regularExpression(let pattern, let flags):
            // Only where a method takes one: `text.search(/re/)` or `/re/.test(text)`.
            let previous = index >= 2 ? (tokens[index - 2].kind, tokens[index - 1].kind) : nil
            let isSearchArgument =
                previous.map { $0 == (.identifier("search"), .symbol("(")) } == true
                && tokens[min(index + 1, tokens.count - 1)].kind == .symbol(")")
            let isTestReceiver =
                index + 2 < tokens.count && tokens[index + 1].kind == .symbol(".")
                && tokens[index + 2].kind == .identifier("test")
            guard isSearchArgument || isTestReceiver else {
                throw .syntax(
                    "a regular expression is supported only as in text.search(/re/) or /re/.test(text)",
                    offset: token.offset)
            }
            do throws(SCXMLExpressionError) {
                let expression = try SCXMLRegularExpression(pattern: pattern, flags: flags)
                advance()
                return (.regularExpression(expression), 1)
            } catch {
                guard case .syntax(let message, let offset) = error else { throw error }
                throw .syntax(message, offset: token.offset + 1 + offset)
            }
        case .identifier(let name):
            advance()
            if let keyword = Self.keywords[name] {
                return (.literal(keyword), 1)
            }
            if name == "function" {
                throw .syntax(
                    "functions are not values in this data model: a function expression must be called at once, "
                        + "as in (function(a) {return a})(1)", offset: token.offset)
            }
            if let construct = Self.unsupported[name] {
                throw .syntax("\(construct) (\(name)) are not supported in this data model", offset: token.offset)
            }
            if case .symbol("(") = current.kind {
                return try parseCall(name, nesting: nesting)
            }
            return (.variable(name), 1)
        case .symbol("(") where next.kind == .identifier("function"):
            return try parseImmediateCall(nesting: nesting)
        case .symbol("("):
            advance()
            let (expression, depth) = try parseBinary(minimumPrecedence: 1, nesting: nesting + 1)
            guard case .symbol(")") = current.kind else {
                throw .syntax(
                    "expected ')' to close the '(' at offset \(token.offset), found \(describe(current))",
                    offset: current.offset)
            }
            advance()
            return (expression, depth)
        case .symbol("["):
            advance()
            var elements: [SCXMLExpression] = []
            var depth = 1
            while true {
                if case .symbol("]") = current.kind {
                    advance()
                    return (.array(elements), depth)
                }
                let (element, elementDepth) = try parseBinary(minimumPrecedence: 1, nesting: nesting + 1)
                elements.append(element)
                depth = max(depth, elementDepth + 1)
                if case .symbol(",") = current.kind {
                    advance()
                } else if case .symbol("]") = current.kind {
                    continue
                } else {
                    throw .syntax(
                        "expected ',' or ']' in the array literal at offset \(token.offset), found "
                            + describe(current), offset: current.offset)
                }
            }
        case .symbol("{"):
            return try parseObject(nesting: nesting)
        case .symbol, .end:
            throw .syntax("expected a value, found \(describe(token))", offset: token.offset)
        }
    }

    private mutating func parseCall(_ name: String, nesting: Int) throws(SCXMLExpressionError) -> (SCXMLExpression, Int)
    {
        let (arguments, depth) = try parseArguments(of: name, nesting: nesting)
        return (.call(name, arguments), depth)
    }

    /// Parses `( argument, … )` at the current `(`; returns the arguments and the depth they add.
    private mutating func parseArguments(
        of name: String, nesting: Int
    ) throws(SCXMLExpressionError) -> ([SCXMLExpression], Int) {
        advance()
        var arguments: [SCXMLExpression] = []
        var depth = 1
        if case .symbol(")") = current.kind {
            advance()
            return (arguments, depth)
        }
        while true {
            let (argument, argumentDepth) = try parseBinary(minimumPrecedence: 1, nesting: nesting + 1)
            arguments.append(argument)
            depth = max(depth, argumentDepth + 1)
            if case .symbol(",") = current.kind {
                advance()
                continue
            }
            guard case .symbol(")") = current.kind else {
                throw .syntax(
                    "expected ',' or ')' in the arguments of \(name)(), found \(describe(current))",
                    offset: current.offset)
            }
            advance()
            return (arguments, depth)
        }
    }

    /// Parses `(function(PARAMS) {BODY})(ARGUMENTS)` at the current `(`.
    private mutating func parseImmediateCall(nesting: Int) throws(SCXMLExpressionError) -> (SCXMLExpression, Int) {
        let open = current.offset
        advance()
        advance()
        try expect("(", after: "'function'")
        var parameters: [String] = []
        while case .identifier(let name) = current.kind {
            parameters.append(name)
            advance()
            guard case .symbol(",") = current.kind else { break }
            advance()
        }
        try expect(")", after: "the parameters")
        try expect("{", after: "the parameters")
        var body: [SCXMLFunctionStatement] = []
        var depth = 1
        while true {
            if case .symbol(";") = current.kind {
                advance()
                continue
            }
            if case .symbol("}") = current.kind {
                advance()
                break
            }
            let (statement, statementDepth) = try parseStatement(nesting: nesting + 1)
            body.append(statement)
            depth = max(depth, statementDepth + 1)
            switch current.kind {
            case .symbol(";"), .symbol("}"): continue
            default:
                throw .syntax(
                    "expected ';' or '}' after a statement, found \(describe(current))", offset: current.offset)
            }
        }
        guard case .symbol(")") = current.kind else {
            throw .syntax(
                "a function expression must be called at once: '(function(…) {…})(…)' (offset \(open))",
                offset: current.offset)
        }
        advance()
        guard case .symbol("(") = current.kind else {
            throw .syntax(
                "functions are not values in this data model: a function expression must be called at once",
                offset: current.offset)
        }
        let (arguments, argumentDepth) = try parseArguments(of: "function", nesting: nesting + 1)
        depth = max(depth, argumentDepth) + 1
        try checkDepth(nesting + depth, at: current.offset)
        return (.immediateCall(SCXMLFunction(parameters: parameters, body: body), arguments), depth)
    }

    private mutating func expect(_ symbol: String, after what: String) throws(SCXMLExpressionError) {
        guard case .symbol(symbol) = current.kind else {
            throw .syntax("expected '\(symbol)' after \(what), found \(describe(current))", offset: current.offset)
        }
        advance()
    }

    /// One statement of a function body.
    private mutating func parseStatement(
        nesting: Int
    ) throws(SCXMLExpressionError) -> (SCXMLFunctionStatement, Int) {
        try checkDepth(nesting, at: current.offset)
        switch current.kind {
        case .identifier("if"):
            advance()
            try expect("(", after: "'if'")
            let (condition, conditionDepth) = try parseBinary(minimumPrecedence: 1, nesting: nesting + 1)
            try expect(")", after: "the condition")
            if case .identifier("else") = current.kind {
                throw .syntax("'else' is not supported in a function body", offset: current.offset)
            }
            let (statement, statementDepth) = try parseStatement(nesting: nesting + 1)
            if case .identifier("else") = next.kind {
                throw .syntax("'else' is not supported in a function body", offset: next.offset)
            }
            return (.if(condition, statement), max(conditionDepth, statementDepth) + 1)
        case .identifier("return"):
            advance()
            switch current.kind {
            case .symbol(";"), .symbol("}"): return (.return(nil), 1)
            default:
                let (value, depth) = try parseBinary(minimumPrecedence: 1, nesting: nesting + 1)
                return (.return(value), depth + 1)
            }
        case .identifier("var"):
            advance()
            guard case .identifier(let name) = current.kind else {
                throw .syntax(
                    "expected a variable name after 'var', found \(describe(current))", offset: current.offset)
            }
            advance()
            guard case .symbol("=") = current.kind else { return (.declare(name, nil), 1) }
            advance()
            let (value, depth) = try parseBinary(minimumPrecedence: 1, nesting: nesting + 1)
            return (.declare(name, value), depth + 1)
        case .identifier(let name) where next.kind == .symbol("="):
            advance()
            advance()
            let (value, depth) = try parseBinary(minimumPrecedence: 1, nesting: nesting + 1)
            return (.assign(name, value), depth + 1)
        case .identifier(let keyword)
        where ["for", "while", "do", "switch", "try", "throw", "function"].contains(keyword):
            throw .syntax("'\(keyword)' is not supported in a function body", offset: current.offset)
        default:
            let (expression, depth) = try parseBinary(minimumPrecedence: 1, nesting: nesting + 1)
            return (.expression(expression), depth + 1)
        }
    }

    /// Parses an object literal at the current `{`: keys are identifiers, strings or numbers.
    private mutating func parseObject(nesting: Int) throws(SCXMLExpressionError) -> (SCXMLExpression, Int) {
        let open = current.offset
        advance()
        var properties: [SCXMLExpressionProperty] = []
        var depth = 1
        while true {
            if case .symbol("}") = current.kind {
                advance()
                return (.object(properties), depth)
            }
            let key: String
            switch current.kind {
            case .identifier(let name): key = name
            case .string(let text): key = text
            case .number(let number): key = SCXMLValue.format(number)
            default:
                throw .syntax(
                    "expected a property name in the object literal at offset \(open), found \(describe(current))",
                    offset: current.offset)
            }
            advance()
            guard case .symbol(":") = current.kind else {
                throw .syntax("expected ':' after the property name '\(key)'", offset: current.offset)
            }
            advance()
            let (value, valueDepth) = try parseBinary(minimumPrecedence: 1, nesting: nesting + 1)
            properties.append(SCXMLExpressionProperty(key: key, value: value))
            depth = max(depth, valueDepth + 1)
            if case .symbol(",") = current.kind {
                advance()
            } else if case .symbol("}") = current.kind {
                continue
            } else {
                throw .syntax(
                    "expected ',' or '}' in the object literal at offset \(open), found \(describe(current))",
                    offset: current.offset)
            }
        }
    }

    /// Identifiers that denote literal values.
    private static let keywords: [String: SCXMLValue] = [
        "true": .boolean(true), "false": .boolean(false), "null": .null, "undefined": .undefined,
        "Infinity": .number(.infinity),
    ]

    /// ECMAScript constructs beyond the language, rejected with their name: a chart that needs them gets a
    /// load error naming the construct and the line.
    static let unsupported: [String: String] = [
        "new": "constructor calls", "this": "'this' references",
        "var": "declarations", "delete": "delete expressions", "void": "void expressions",
        "class": "classes", "yield": "generators", "await": "await expressions",
    ]
}
