/// ECMAScript's semantics for the expression language's operators (ECMA-262 §13): conversions with
/// `ToPrimitive`, `ToNumber` and `ToString`, loose and strict equality, `NaN` and infinities instead of
/// errors for arithmetic.
enum SCXMLOperators {
    /// Applies a prefix operator.
    ///
    /// - Parameters:
    ///   - op: the operator.
    ///   - operand: its operand's value.
    /// - Returns: the result.
    static func apply(_ op: SCXMLUnaryOperator, _ operand: SCXMLValue) -> SCXMLValue {
        switch op {
        case .not: .boolean(!operand.isTruthy)
        case .negate: .number(-operand.numericValue)
        case .plus: .number(operand.numericValue)
        case .typeOf: .string(operand.typeName)
        }
    }

    /// Applies a binary operator other than the short-circuit `&&` and `||` (which it applies eagerly)
    /// and `instanceof` (which the environment resolves).
    ///
    /// - Parameters:
    ///   - op: the operator.
    ///   - lhs: the left operand's value.
    ///   - rhs: the right operand's value.
    /// - Returns: the result.
    /// - Throws: ``SCXMLExpressionError/typeMismatch(operator:operands:)`` for `in` on a value that is not
    ///   an array or object, and for `instanceof`.
    static func apply(
        _ op: SCXMLBinaryOperator, _ lhs: SCXMLValue, _ rhs: SCXMLValue
    ) throws(SCXMLExpressionError) -> SCXMLValue {
        switch op {
        case .and: return lhs.isTruthy ? rhs : lhs
        case .or: return lhs.isTruthy ? lhs : rhs
        case .equal, .notEqual:
            return .boolean(looselyEqual(lhs, rhs) == (op == .equal))
        case .strictEqual, .strictNotEqual:
            return .boolean(strictlyEqual(lhs, rhs) == (op == .strictEqual))
        case .less: return .boolean(compare(lhs, rhs) == .some(true))
        case .greater: return .boolean(compare(rhs, lhs) == .some(true))
        case .lessOrEqual: return .boolean(compare(rhs, lhs) == .some(false))
        case .greaterOrEqual: return .boolean(compare(lhs, rhs) == .some(false))
        case .in:
            return .boolean(try has(rhs, key: lhs))
        case .instanceOf:
            throw .typeMismatch(operator: op.rawValue, operands: [lhs.kind, rhs.kind])
        case .add:
            let left = lhs.primitive
            let right = rhs.primitive
            if case .string = left {
                return .string(left.description + right.description)
            }
            if case .string = right {
                return .string(left.description + right.description)
            }
            return .number(left.numericValue + right.numericValue)
        case .subtract: return .number(lhs.numericValue - rhs.numericValue)
        case .multiply: return .number(lhs.numericValue * rhs.numericValue)
        case .divide: return .number(lhs.numericValue / rhs.numericValue)
        case .remainder: return .number(lhs.numericValue.truncatingRemainder(dividingBy: rhs.numericValue))
        case .bitwiseOr: return .number(Double(int32(lhs) | int32(rhs)))
        case .bitwiseXor: return .number(Double(int32(lhs) ^ int32(rhs)))
        case .bitwiseAnd: return .number(Double(int32(lhs) & int32(rhs)))
        }
    }

    /// ECMAScript's `ToInt32`.
    static func int32(_ value: SCXMLValue) -> Int32 {
        let number = value.numericValue
        guard number.isFinite else { return 0 }
        let truncated = number.rounded(.towardZero)
        let modulo = truncated.truncatingRemainder(dividingBy: 4_294_967_296)
        return Int32(truncatingIfNeeded: Int64(modulo))
    }

    /// `in`: whether an object or array has a key.
    static func has(_ container: SCXMLValue, key: SCXMLValue) throws(SCXMLExpressionError) -> Bool {
        let name = key.primitive.description
        switch container {
        case .object(let object):
            return object[name] != nil
        case .array(let elements):
            if name == "length" { return true }
            guard let index = Int(name), String(index) == name else { return false }
            return elements.indices.contains(index)
        default:
            throw .typeMismatch(operator: "in", operands: [key.kind, container.kind])
        }
    }

    /// ECMAScript's `IsLooselyEqual` (`==`).
    static func looselyEqual(_ lhs: SCXMLValue, _ rhs: SCXMLValue) -> Bool {
        if lhs.kind == rhs.kind {
            return strictlyEqual(lhs, rhs)
        }
        if lhs.isNullish || rhs.isNullish {
            return lhs.isNullish && rhs.isNullish
        }
        switch (lhs, rhs) {
        case (.number(let left), .string):
            return left == rhs.numericValue
        case (.string, .number(let right)):
            return lhs.numericValue == right
        case (.boolean, _):
            return looselyEqual(.number(lhs.numericValue), rhs)
        case (_, .boolean):
            return looselyEqual(lhs, .number(rhs.numericValue))
        case (.array, _), (.object, _):
            return rhs.isObjectLike ? false : looselyEqual(lhs.primitive, rhs)
        case (_, .array), (_, .object):
            return looselyEqual(lhs, rhs.primitive)
        default:
            return false
        }
    }

    /// `===`: same type and same value; numbers compare numerically (`NaN` equals nothing, `0 === -0`).
    static func strictlyEqual(_ lhs: SCXMLValue, _ rhs: SCXMLValue) -> Bool {
        if case .number(let left) = lhs, case .number(let right) = rhs {
            return left == right
        }
        return lhs == rhs
    }

    /// ECMAScript's `IsLessThan`: `nil` when either side is `NaN` (every comparison is then false).
    private static func compare(_ lhs: SCXMLValue, _ rhs: SCXMLValue) -> Bool? {
        let left = lhs.primitive
        let right = rhs.primitive
        if case .string(let leftText) = left, case .string(let rightText) = right {
            // ECMAScript compares strings by UTF-16 code units.
            return leftText.utf16.lexicographicallyPrecedes(rightText.utf16)
        }
        let leftNumber = left.numericValue
        let rightNumber = right.numericValue
        if leftNumber.isNaN || rightNumber.isNaN {
            return nil
        }
        return leftNumber < rightNumber
    }
}
