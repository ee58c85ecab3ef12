extension SCXMLExpression: CustomStringConvertible {
    /// The expression as source text that ``parse(_:)`` reads back to an equal expression,
    /// with single spaces around binary operators and only the parentheses precedence requires.
    ///
    /// - Complexity: O(*n*) in the size of the expression.
    public var description: String {
        switch self {
        case .literal(let value):
            return Self.sourceText(of: value)
        case .variable(let name):
            return name
        case .regularExpression(let expression):
            return expression.description
        case .member(let base, let name):
            return "\(base.parenthesized(unless: base.isPostfixOperand)).\(name)"
        case .index(let base, let index):
            return "\(base.parenthesized(unless: base.isPostfixOperand))[\(index)]"
        case .call(let name, let arguments):
            return "\(name)(\(Self.list(arguments)))"
        case .method(let base, let name, let arguments):
            return "\(base.parenthesized(unless: base.isPostfixOperand)).\(name)(\(Self.list(arguments)))"
        case .array(let elements):
            return "[\(Self.list(elements))]"
        case .immediateCall(let function, let arguments):
            return "(\(function))(\(Self.list(arguments)))"
        case .object(let properties):
            let members = properties.map { "\(Self.propertyName($0.key)): \($0.value)" }
            return "{" + members.joined(separator: ", ") + "}"
        case .unary(let op, let operand):
            let isBinary = if case .binary = operand { true } else { false }
            let text = operand.parenthesized(unless: !isBinary)
            // `typeof x`; `- -x` and `+ +x`, which would otherwise read as a decrement or increment.
            let separated = op == .typeOf || (op != .not && (text.hasPrefix("-") || text.hasPrefix("+")))
            return op.rawValue + (separated ? " " : "") + text
        case .binary(let op, let lhs, let rhs):
            let left = lhs.parenthesized(unless: lhs.binaryPrecedence.map { $0 >= op.precedence } ?? true)
            let right = rhs.parenthesized(unless: rhs.binaryPrecedence.map { $0 > op.precedence } ?? true)
            return "\(left) \(op.rawValue) \(right)"
        }
    }

    private var binaryPrecedence: Int? {
        if case .binary(let op, _, _) = self { op.precedence } else { nil }
    }

    private var isPostfixOperand: Bool {
        switch self {
        case .variable, .member, .index, .call, .method, .array, .object, .immediateCall, .regularExpression: true
        // `1.x` would lex as the number `1.` followed by `x`: numbers are parenthesised.
        case .literal(let value): value.numberValue == nil
        case .unary, .binary: false
        }
    }

    private static func list(_ expressions: [SCXMLExpression]) -> String {
        expressions.map(\.description).joined(separator: ", ")
    }

    /// An object literal's key: bare when it is an identifier that is no keyword, else a string literal.
    private static func propertyName(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        if let first = scalars.first, SCXMLExpressionLexer.isIdentifierStart(first),
            scalars.dropFirst().allSatisfy(SCXMLExpressionLexer.isIdentifierPart)
        {
            return key
        }
        return sourceText(of: .string(key))
    }

    private func parenthesized(unless bare: Bool) -> String {
        bare ? description : "(\(description))"
    }

    /// A literal as source text: strings single-quoted with escapes, numbers as ECMAScript prints them.
    private static func sourceText(of value: SCXMLValue) -> String {
        switch value {
        case .string: break
        case .array(let elements):
            return "[" + elements.map(sourceText(of:)).joined(separator: ", ") + "]"
        case .object(let object):
            let members = object.properties.map { "\(propertyName($0.key)): \(sourceText(of: $0.value))" }
            return "{" + members.joined(separator: ", ") + "}"
        case .number(let number) where number.isNaN:
            return "NaN"
        default:
            return value.description
        }
        guard case .string(let string) = value else {
            return value.description
        }
        var text = "'"
        for scalar in string.unicodeScalars {
            switch scalar {
            case "'": text += "\\'"
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value)
                || (0x85 == scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "'"
    }
}
