/// A parsed expression of the SCXML expression language: the `cond`, `expr` and `location` attributes.
///
/// The language is a typed, safe subset of ECMAScript: numbers, strings, booleans, `null`, `undefined`,
/// variables, `+ - * / %`, comparisons (`== != === !== < <= > >=`), `&& || !`, parentheses, `In('id')`,
/// and the fields of `_event` (`_event.name`, `_event.data`, …).
///
/// ```swift
/// let condition = try SCXMLExpression.parse("Var1 == 2 && In('s1')")
/// var environment = SCXMLExpressionEnvironment(variables: ["Var1": 2]) { $0 == "s1" }
/// try environment.evaluateCondition(condition) // true
/// ```
///
/// The ``description`` is source text that parses back to an equal expression.
public indirect enum SCXMLExpression: Hashable, Sendable {
    /// A literal value: `1`, `'text'`, `true`, `null`.
    case literal(SCXMLValue)
    /// A variable of the data model, or a system variable such as `_event` or `_name`.
    case variable(String)
    /// A property of an object: only `_event.FIELD` can be evaluated.
    case member(SCXMLExpression, String)
    /// A call of a predicate function: only `In('stateID')` is defined.
    case call(String, [SCXMLExpression])
    /// A prefix operator applied to an operand.
    case unary(SCXMLUnaryOperator, SCXMLExpression)
    /// A binary operator applied to two operands.
    case binary(SCXMLBinaryOperator, SCXMLExpression, SCXMLExpression)

    /// Parses an expression.
    ///
    /// - Parameter text: the source, such as `Var1 + 1`.
    /// - Returns: the expression.
    /// - Throws: ``SCXMLExpressionError/syntax(_:offset:)`` naming the offset of the problem; never traps,
    ///   whatever the input.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func parse(_ text: String) throws(SCXMLExpressionError) -> SCXMLExpression {
        var parser = SCXMLExpressionParser(text: text)
        return try parser.parseExpression()
    }

    /// Whether the expression is a valid `location` for `<assign>`: a plain variable name.
    public var isLocation: Bool {
        if case .variable = self { true } else { false }
    }

    /// The names of the variables the expression reads, in order of first appearance (system variables too).
    ///
    /// - Complexity: O(*n*) in the size of the expression.
    public var variables: [String] {
        var names: [String] = []
        collectVariables(into: &names)
        return names
    }

    private func collectVariables(into names: inout [String]) {
        switch self {
        case .literal: break
        case .variable(let name):
            if !names.contains(name) {
                names.append(name)
            }
        case .member(let base, _): base.collectVariables(into: &names)
        case .call(_, let arguments): arguments.forEach { $0.collectVariables(into: &names) }
        case .unary(_, let operand): operand.collectVariables(into: &names)
        case .binary(_, let lhs, let rhs):
            lhs.collectVariables(into: &names)
            rhs.collectVariables(into: &names)
        }
    }
}

/// A prefix operator of the SCXML expression language.
public enum SCXMLUnaryOperator: String, Hashable, Sendable, CaseIterable {
    /// Boolean negation `!`; the operand must be a boolean.
    case not = "!"
    /// Numeric negation `-`; the operand must be a number.
    case negate = "-"
    /// Numeric identity `+`; the operand must be a number.
    case plus = "+"
}

/// A binary operator of the SCXML expression language.
public enum SCXMLBinaryOperator: String, Hashable, Sendable, CaseIterable {
    /// `||`: boolean or, short-circuit.
    case or = "||"
    /// `&&`: boolean and, short-circuit.
    case and = "&&"
    /// `==`: equality of two values of the same type; `null == undefined`.
    case equal = "=="
    /// `!=`: the negation of `==`.
    case notEqual = "!="
    /// `===`: strict equality; values of different types are never equal.
    case strictEqual = "==="
    /// `!==`: the negation of `===`.
    case strictNotEqual = "!=="
    /// `<` on two numbers or two strings.
    case less = "<"
    /// `<=` on two numbers or two strings.
    case lessOrEqual = "<="
    /// `>` on two numbers or two strings.
    case greater = ">"
    /// `>=` on two numbers or two strings.
    case greaterOrEqual = ">="
    /// `+`: addition of numbers, or concatenation when either side is a string.
    case add = "+"
    /// `-`: subtraction of numbers.
    case subtract = "-"
    /// `*`: multiplication of numbers.
    case multiply = "*"
    /// `/`: division of numbers; dividing by zero is an error.
    case divide = "/"
    /// `%`: remainder of numbers; a zero divisor is an error.
    case remainder = "%"

    /// How tightly the operator binds: higher binds tighter. All binary operators are left-associative.
    public var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual, .strictEqual, .strictNotEqual: 3
        case .less, .lessOrEqual, .greater, .greaterOrEqual: 4
        case .add, .subtract: 5
        case .multiply, .divide, .remainder: 6
        }
    }
}
