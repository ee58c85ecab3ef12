import Foundation

extension SCXMLValue {
    /// ECMAScript's `ToBoolean`: `false`, `0`, `NaN`, `''`, `null` and `undefined` are false; every other
    /// value, arrays and objects included, is true.
    public var isTruthy: Bool {
        switch self {
        case .boolean(let flag): flag
        case .number(let number): number != 0 && !number.isNaN
        case .string(let text): !text.isEmpty
        case .null, .undefined: false
        case .array, .object: true
        }
    }

    /// ECMAScript's `ToNumber`: `true` is 1, `null` 0, `undefined` `NaN`, a string its numeric value
    /// (`''` is 0, text that is no number `NaN`), an array or object the number of its string form.
    public var numericValue: Double {
        switch self {
        case .number(let number): number
        case .boolean(let flag): flag ? 1 : 0
        case .null: 0
        case .undefined: .nan
        case .string(let text): Self.number(parsing: text)
        case .array, .object: Self.number(parsing: description)
        }
    }

    /// ECMAScript's `ToIntegerOrInfinity`: the number truncated toward zero, `NaN` (and so `undefined` and
    /// text that is no number) 0, infinities kept — how `charAt`, `slice`, `substring` and `indexOf` read
    /// their positions.
    var integerOrInfinity: Double {
        let number = numericValue
        if number.isNaN { return 0 }
        return number.rounded(.towardZero) + 0 // `+ 0` turns -0 into 0.
    }

    /// The value of `typeof`: `undefined`, `object` (for `null`, arrays and objects), `boolean`, `number`
    /// or `string`.
    public var typeName: String {
        switch self {
        case .undefined: "undefined"
        case .null, .array, .object: "object"
        case .boolean: "boolean"
        case .number: "number"
        case .string: "string"
        }
    }

    /// ECMAScript's `ToPrimitive`: arrays and objects become their string form; other values are already
    /// primitive.
    var primitive: SCXMLValue {
        switch self {
        case .array, .object: .string(description)
        default: self
        }
    }

    /// Whether the value is an array or an object.
    var isObjectLike: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    /// ECMAScript's `StringToNumber`: whitespace trimmed, decimal, `0x` hexadecimal or `Infinity`.
    static func number(parsing text: String) -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            return 0
        }
        switch trimmed {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("0x"), let value = UInt64(lower.dropFirst(2), radix: 16) {
            return Double(value)
        }
        let allowed = Set("0123456789.eE+-")
        guard trimmed.allSatisfy(allowed.contains), let value = Double(trimmed) else {
            return .nan
        }
        return value
    }

    /// The size a value counts against ``SCXMLLimits/maximumValueSize``: the UTF-8 bytes of its strings and
    /// keys plus 8 bytes for every other value and for each element or property, and how deeply arrays and
    /// objects nest in it.
    ///
    /// - Complexity: O(*n*) in the size of the value.
    var footprint: (size: Int, depth: Int) {
        switch self {
        case .string(let text): return (text.utf8.count, 0)
        case .array(let elements):
            var size = 8
            var depth = 0
            for element in elements {
                let inner = element.footprint
                size += 8 + inner.size
                depth = max(depth, inner.depth)
            }
            return (size, depth + 1)
        case .object(let object):
            var size = 8
            var depth = 0
            for (key, value) in object.properties {
                let inner = value.footprint
                size += 8 + key.utf8.count + inner.size
                depth = max(depth, inner.depth)
            }
            return (size, depth + 1)
        default: return (8, 0)
        }
    }
}
