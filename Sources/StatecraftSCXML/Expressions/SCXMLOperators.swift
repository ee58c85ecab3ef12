/// The typed semantics of the expression language's operators.
///
/// Stricter than ECMAScript where ECMAScript silently converts: `true + 1`, `'a' < 1` and `1 == '1'` are
/// type errors (`error.execution`) instead of surprising values.
enum SCXMLOperators {
    /// Applies a prefix operator.
    ///
    /// - Parameters:
    ///   - op: the operator.
    ///   - operand: its operand's value.
    /// - Returns: the result.
    /// - Throws: ``SCXMLExpressionError/typeMismatch(operator:operands:)``.
    static func apply(_ op: SCXMLUnaryOperator, _ operand: SCXMLValue) throws(SCXMLExpressionError) -> SCXMLValue {
        switch (op, operand) {
        case (.not, .boolean(let truth)): return .boolean(!truth)
        case (.negate, .number(let number)): return .number(-number)
        case (.plus, .number(let number)): return .number(number)
        default: throw .typeMismatch(operator: op.rawValue, operands: [operand.kind])
        }
    }

    /// Applies a binary operator other than the short-circuit `&&` and `||` (which it applies eagerly).
    ///
    /// - Parameters:
    ///   - op: the operator.
    ///   - lhs: the left operand's value.
    ///   - rhs: the right operand's value.
    /// - Returns: the result.
    /// - Throws: ``SCXMLExpressionError/typeMismatch(operator:operands:)`` or
    ///   ``SCXMLExpressionError/divisionByZero``.
    static func apply(
        _ op: SCXMLBinaryOperator, _ lhs: SCXMLValue, _ rhs: SCXMLValue
    ) throws(SCXMLExpressionError) -> SCXMLValue {
        let mismatch = SCXMLExpressionError.typeMismatch(operator: op.rawValue, operands: [lhs.kind, rhs.kind])
        switch op {
        case .and, .or:
            guard case .boolean(let left) = lhs, case .boolean(let right) = rhs else { throw mismatch }
            return .boolean(op == .and ? left && right : left || right)
        case .equal, .notEqual:
            guard let equal = looselyEqual(lhs, rhs) else { throw mismatch }
            return .boolean(equal == (op == .equal))
        case .strictEqual, .strictNotEqual:
            return .boolean(strictlyEqual(lhs, rhs) == (op == .strictEqual))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            return .boolean(try compare(op, lhs, rhs, mismatch: mismatch))
        case .add:
            switch (lhs, rhs) {
            case (.number(let left), .number(let right)): return .number(left + right)
            case (.string(let left), _): return .string(left + rhs.description)
            case (_, .string(let right)): return .string(lhs.description + right)
            default: throw mismatch
            }
        case .subtract, .multiply, .divide, .remainder:
            guard case .number(let left) = lhs, case .number(let right) = rhs else { throw mismatch }
            switch op {
            case .subtract: return .number(left - right)
            case .multiply: return .number(left * right)
            default:
                guard right != 0 else { throw .divisionByZero }
                return .number(op == .divide ? left / right : left.truncatingRemainder(dividingBy: right))
            }
        }
    }

    /// `==`: `nil` when the operands have different types that `==` does not compare.
    private static func looselyEqual(_ lhs: SCXMLValue, _ rhs: SCXMLValue) -> Bool? {
        if lhs.isNullish || rhs.isNullish {
            return lhs.isNullish && rhs.isNullish
        }
        guard lhs.kind == rhs.kind else {
            return nil
        }
        return lhs == rhs
    }

    /// `===`: same type and same value; numbers compare numerically (`NaN` equals nothing).
    private static func strictlyEqual(_ lhs: SCXMLValue, _ rhs: SCXMLValue) -> Bool {
        if case .number(let left) = lhs, case .number(let right) = rhs {
            return left == right
        }
        return lhs == rhs
    }

    private static func compare(
        _ op: SCXMLBinaryOperator, _ lhs: SCXMLValue, _ rhs: SCXMLValue, mismatch: SCXMLExpressionError
    ) throws(SCXMLExpressionError) -> Bool {
        switch (lhs, rhs) {
        case (.number(let left), .number(let right)):
            return ordered(op, left, right)
        case (.string(let left), .string(let right)):
            // ECMAScript compares strings by UTF-16 code units.
            return ordered(
                op,
                Array(left.utf16).lexicographicallyPrecedes(Array(right.utf16))
                    ? -1
                    : (left.utf16.elementsEqual(right.utf16) ? 0 : 1), 0)
        default:
            throw mismatch
        }
    }

    private static func ordered<T: Comparable>(_ op: SCXMLBinaryOperator, _ left: T, _ right: T) -> Bool {
        switch op {
        case .less: left < right
        case .lessOrEqual: left <= right
        case .greater: left > right
        default: left >= right
        }
    }
}
