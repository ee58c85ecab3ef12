/// A parsed expression of the SCXML expression language: the `cond`, `expr` and `location` attributes.
///
/// The language is a safe subset of ECMAScript expressions with ECMAScript's semantics: numbers, strings,
/// booleans, `null`, `undefined`, array and object literals, variables, property and index access
/// (`a.b`, `a[0]`), `+ - * / %`, `| ^ &`, comparisons (`== != === !== < <= > >=`), `in`, `instanceof`,
/// `&& || !`, `typeof`, parentheses, the global functions `In('id')`, `String`, `Number` and `Boolean`,
/// the string and array methods listed in ``SCXMLExpressionEnvironment``, and the system variables
/// (`_event`, `_sessionid`, `_name`, `_ioprocessors`). There are no functions, `new`, regular
/// expressions or assignments inside expressions.
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
    /// A property of a value: `_event.name`, `Var1.length`, `foo.bar`.
    case member(SCXMLExpression, String)
    /// An index into a value: `Var1[0]`, `_event.data['Var1']`.
    case index(SCXMLExpression, SCXMLExpression)
    /// A call of a global function: `In('stateID')`, `String(x)`, `Number(x)`, `Boolean(x)`.
    case call(String, [SCXMLExpression])
    /// A call of a method of a value: `Var1.indexOf(2)`, `[].concat(Var1, [4])`.
    case method(SCXMLExpression, String, [SCXMLExpression])
    /// An array literal: `[1, 2, 3]`.
    case array([SCXMLExpression])
    /// An object literal: `{a: 1, 'b c': 2}`; keys in source order.
    case object([SCXMLExpressionProperty])
    /// A function expression called at once: `(function(a) {return a + 1})(2)`.
    case immediateCall(SCXMLFunction, [SCXMLExpression])
    /// A prefix operator applied to an operand.
    case unary(SCXMLUnaryOperator, SCXMLExpression)
    /// A binary operator applied to two operands.
    case binary(SCXMLBinaryOperator, SCXMLExpression, SCXMLExpression)
    /// A regular-expression literal, where a method takes one: `text.search(/a+/)`, `/^ok$/i.test(text)`.
    case regularExpression(SCXMLRegularExpression)

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

    /// Whether the expression is a valid `location` for `<assign>`: a variable name, or a property or index
    /// of a location (`foo.bar`, `Var1[0]`).
    public var isLocation: Bool {
        switch self {
        case .variable: true
        case .member(let base, _), .index(let base, _): base.isLocation
        default: false
        }
    }

    /// The variable at the root of a location: `foo` for `foo.bar[0]`.
    public var rootVariable: String? {
        switch self {
        case .variable(let name): name
        case .member(let base, _), .index(let base, _): base.rootVariable
        default: nil
        }
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
        case .literal, .regularExpression: break
        case .variable(let name):
            if !names.contains(name) {
                names.append(name)
            }
        case .member(let base, _): base.collectVariables(into: &names)
        case .index(let base, let index):
            base.collectVariables(into: &names)
            index.collectVariables(into: &names)
        case .call(_, let arguments), .array(let arguments): arguments.forEach { $0.collectVariables(into: &names) }
        case .method(let base, _, let arguments):
            base.collectVariables(into: &names)
            arguments.forEach { $0.collectVariables(into: &names) }
        case .object(let properties): properties.forEach { $0.value.collectVariables(into: &names) }
        case .immediateCall(let function, let arguments):
            arguments.forEach { $0.collectVariables(into: &names) }
            for statement in function.body {
                statement.collectVariables(into: &names)
            }
        case .unary(_, let operand): operand.collectVariables(into: &names)
        case .binary(_, let lhs, let rhs):
            lhs.collectVariables(into: &names)
            rhs.collectVariables(into: &names)
        }
    }
}

/// A prefix operator of the SCXML expression language.
public enum SCXMLUnaryOperator: String, Hashable, Sendable, CaseIterable {
    /// Logical negation `!`: the negation of the operand's truthiness (ECMAScript `ToBoolean`).
    case not = "!"
    /// Numeric negation `-` of the operand's `ToNumber`.
    case negate = "-"
    /// Numeric conversion `+`: the operand's `ToNumber`.
    case plus = "+"
    /// `typeof`: the operand's type name; an undeclared variable is `'undefined'`, as in ECMAScript.
    case typeOf = "typeof"
}

/// A binary operator of the SCXML expression language, with ECMAScript's semantics.
public enum SCXMLBinaryOperator: String, Hashable, Sendable, CaseIterable {
    /// `||`: the left operand if it is truthy, else the right one (which is evaluated only then).
    case or = "||"
    /// `&&`: the left operand if it is falsy, else the right one (which is evaluated only then).
    case and = "&&"
    /// `|`: bitwise or of the operands' `ToInt32`.
    case bitwiseOr = "|"
    /// `^`: bitwise exclusive or of the operands' `ToInt32`.
    case bitwiseXor = "^"
    /// `&`: bitwise and of the operands' `ToInt32`.
    case bitwiseAnd = "&"
    /// `==`: ECMAScript's loose equality (`1 == '1'`, `null == undefined`).
    case equal = "=="
    /// `!=`: the negation of `==`.
    case notEqual = "!="
    /// `===`: strict equality; values of different types are never equal, arrays and objects compare by
    /// value (they are values, not references, in this data model).
    case strictEqual = "==="
    /// `!==`: the negation of `===`.
    case strictNotEqual = "!=="
    /// `<`: strings compare by UTF-16 code units, anything else as numbers (`NaN` compares false).
    case less = "<"
    /// `<=`, as `<`.
    case lessOrEqual = "<="
    /// `>`, as `<`.
    case greater = ">"
    /// `>=`, as `<`.
    case greaterOrEqual = ">="
    /// `in`: whether the right operand, an object or array, has the left operand as a key.
    case `in` = "in"
    /// `instanceof`: whether the left operand is an `Array` or an `Object` (the only constructors).
    case instanceOf = "instanceof"
    /// `+`: concatenation when either side is (or converts to) a string, else numeric addition.
    case add = "+"
    /// `-`: numeric subtraction.
    case subtract = "-"
    /// `*`: numeric multiplication.
    case multiply = "*"
    /// `/`: numeric division (`1 / 0` is `Infinity`).
    case divide = "/"
    /// `%`: numeric remainder (`1 % 0` is `NaN`).
    case remainder = "%"

    /// How tightly the operator binds, as in ECMAScript: higher binds tighter. All binary operators are
    /// left-associative.
    public var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .bitwiseOr: 3
        case .bitwiseXor: 4
        case .bitwiseAnd: 5
        case .equal, .notEqual, .strictEqual, .strictNotEqual: 6
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .in, .instanceOf: 7
        case .add, .subtract: 8
        case .multiply, .divide, .remainder: 9
        }
    }

    /// Whether the operator is a word (`in`, `instanceof`) rather than a symbol.
    var isKeyword: Bool { self == .in || self == .instanceOf }
}

extension SCXMLFunctionStatement {
    fileprivate func collectVariables(into names: inout [String]) {
        switch self {
        case .declare(_, let value), .return(let value):
            value.map { names += $0.variables.filter { !names.contains($0) } }
        case .assign(_, let value), .expression(let value):
            names += value.variables.filter { !names.contains($0) }
        case .if(let condition, let statement):
            names += condition.variables.filter { !names.contains($0) }
            statement.collectVariables(into: &names)
        }
    }
}

/// One `key: value` of an object literal.
public struct SCXMLExpressionProperty: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value's expression.
    public var value: SCXMLExpression

    /// Creates a property.
    /// - Parameters:
    ///   - key: the key.
    ///   - value: the value's expression.
    public init(key: String, value: SCXMLExpression) {
        self.key = key
        self.value = value
    }
}
