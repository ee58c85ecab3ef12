/// A value of the SCXML expression language: ECMAScript's values without functions.
///
/// Numbers are doubles, as in ECMAScript, so `Var1 + 1` behaves as it does there; integral values print
/// without a fractional part (`2`, not `2.0`). Arrays and objects are Swift values: assigning one copies
/// it, where ECMAScript would share a reference, so that the data model stays `Hashable`, `Sendable` and
/// `Codable` for snapshots.
///
/// ```swift
/// let value: SCXMLValue = 2
/// value.description // "2"
/// ```
public enum SCXMLValue: Hashable, Sendable {
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// A boolean.
    case boolean(Bool)
    /// ECMAScript's `null`.
    case null
    /// ECMAScript's `undefined`: the value of a declared data element without an initial value.
    case undefined
    /// An array: `[1, 'a']`.
    case array([SCXMLValue])
    /// An object with string keys in insertion order: `{a: 1}`, or `_event`.
    case object(SCXMLObject)

    /// The type of a value, as named in type errors.
    public enum Kind: String, Hashable, Sendable, CustomStringConvertible {
        /// A number.
        case number
        /// A string.
        case string
        /// A boolean.
        case boolean
        /// `null`.
        case null
        /// `undefined`.
        case undefined
        /// An array.
        case array
        /// An object.
        case object

        /// The kind's name.
        public var description: String { rawValue }
    }

    /// The value's type.
    public var kind: Kind {
        switch self {
        case .number: .number
        case .string: .string
        case .boolean: .boolean
        case .null: .null
        case .undefined: .undefined
        case .array: .array
        case .object: .object
        }
    }

    /// Whether the value is `null` or `undefined`.
    public var isNullish: Bool { self == .null || self == .undefined }

    /// The number, if the value is one.
    public var numberValue: Double? {
        if case .number(let number) = self { number } else { nil }
    }

    /// The number as an `Int`, if the value is an integral number that fits.
    public var intValue: Int? {
        guard case .number(let number) = self, number.rounded() == number,
            abs(number) <= 9_007_199_254_740_992
        else {
            return nil
        }
        return Int(number)
    }

    /// The string, if the value is one.
    public var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The boolean, if the value is one.
    public var booleanValue: Bool? {
        if case .boolean(let boolean) = self { boolean } else { nil }
    }
}

extension SCXMLValue: CustomStringConvertible {
    /// The value converted to a string as ECMAScript's `String(value)` does: `2`, `1.5`, `true`, `null`,
    /// `1,2` for an array, `[object Object]` for an object.
    ///
    /// Strings are not quoted; use ``SCXMLExpression/literal(_:)``'s description for source text.
    public var description: String {
        switch self {
        case .number(let number): SCXMLValue.format(number)
        case .string(let string): string
        case .boolean(let boolean): boolean ? "true" : "false"
        case .null: "null"
        case .undefined: "undefined"
        case .array(let elements):
            elements.map { $0.isNullish ? "" : $0.description }.joined(separator: ",")
        case .object: "[object Object]"
        }
    }

    /// Formats a number as ECMAScript's `Number::toString` does: the shortest digits that read back as the
    /// same double; integers below 10²¹ in plain digits (`1000000000000000000`), decimals from 10⁻⁶ on
    /// (`0.000001`), the exponent form otherwise (`1e+21`, `1e-7`, `1.5e-10`); `-0` prints as `0`.
    ///
    /// - Complexity: O(1): a double has at most 17 significant digits.
    static func format(_ number: Double) -> String {
        if number.isNaN {
            return "NaN"
        }
        if number.isInfinite {
            return number < 0 ? "-Infinity" : "Infinity"
        }
        if number == 0 {
            return "0"
        }
        if number.rounded() == number, abs(number) <= 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        // Swift prints the shortest round-trip digits too, only laid out differently: read them back as
        // `0.DIGITS × 10^exponent` and lay them out as ECMAScript does.
        let text = abs(number).description
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let shift = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        var digits = mantissa.filter(\.isNumber)
        var exponent =
            (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
                ?? mantissa.count) + shift
        while digits.first == "0" {
            digits.removeFirst()
            exponent -= 1
        }
        while digits.last == "0" {
            digits.removeLast()
        }
        let sign = number < 0 ? "-" : ""
        let count = digits.count
        if count <= exponent && exponent <= 21 {
            return sign + digits + String(repeating: "0", count: exponent - count)
        }
        if 0 < exponent && exponent <= 21 {
            return sign + digits.prefix(exponent) + "." + digits.dropFirst(exponent)
        }
        if -6 < exponent && exponent <= 0 {
            return sign + "0." + String(repeating: "0", count: -exponent) + digits
        }
        let power = exponent - 1
        let fraction = count > 1 ? "." + digits.dropFirst() : ""
        return sign + digits.prefix(1) + fraction + "e" + (power < 0 ? "-" : "+") + String(abs(power))
    }
}

extension SCXMLValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral
{
    /// Creates a number from an integer literal.
    /// - Parameter value: the literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// Creates a number from a floating-point literal.
    /// - Parameter value: the literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// Creates a string from a string literal.
    /// - Parameter value: the literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates a boolean from a boolean literal.
    /// - Parameter value: the literal.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
}
