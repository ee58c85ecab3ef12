import Foundation

/// Property and index access, assignment to properties, and the string and array methods of the
/// expression language, with ECMAScript's semantics.
///
/// Strings are indexed by UTF-16 code units, as in ECMAScript. The methods:
/// - every value: `toString()`;
/// - strings: `indexOf`, `lastIndexOf`, `includes`, `startsWith`, `endsWith`, `search` (with a string, not a
///   regular expression), `slice`, `substring`, `charAt`, `toUpperCase`, `toLowerCase`, `trim`, `split`,
///   `concat`;
/// - arrays: `indexOf`, `lastIndexOf`, `includes`, `join`, `slice`, `concat`.
enum SCXMLValueAccess {
    /// The names of every method above, of any value.
    static let methods: Set<String> = [
        "toString", "indexOf", "lastIndexOf", "includes", "startsWith", "endsWith", "search", "slice", "substring",
        "charAt", "toUpperCase", "toLowerCase", "trim", "split", "concat", "join",
    ]

    /// The value of `container[key]` (or `container.key`).
    ///
    /// - Parameters:
    ///   - key: the key; converted to a string unless it indexes an array or string.
    ///   - container: the value read.
    ///   - base: the container's expression, named in the error.
    /// - Returns: the property's value; `undefined` for a missing one.
    /// - Throws: ``SCXMLExpressionError/typeError(_:)`` when the container is `undefined` or `null`.
    static func property(
        _ key: SCXMLValue, of container: SCXMLValue, named base: SCXMLExpression
    ) throws(SCXMLExpressionError) -> SCXMLValue {
        let name = key.primitive.description
        switch container {
        case .undefined, .null:
            throw .typeError("cannot read the property '\(name)' of \(container) (\(base))")
        case .object(let object):
            return object[name] ?? .undefined
        case .array(let elements):
            if name == "length" { return .number(Double(elements.count)) }
            guard let index = arrayIndex(name), index < elements.count else { return .undefined }
            return elements[index]
        case .string(let text):
            let units = Array(text.utf16)
            if name == "length" { return .number(Double(units.count)) }
            guard let index = arrayIndex(name), index < units.count else { return .undefined }
            return .string(String(decoding: units[index...index], as: UTF16.self))
        case .number, .boolean:
            return .undefined
        }
    }

    /// The array index a key denotes: a canonical non-negative integer (`'2'`, not `'02'`).
    private static func arrayIndex(_ name: String) -> Int? {
        guard let index = Int(name), index >= 0, String(index) == name else { return nil }
        return index
    }

    /// `container` with `value` stored at the path of `keys` (`foo.bar[0]`: `['bar', 0]`).
    ///
    /// - Throws: ``SCXMLExpressionError/typeError(_:)`` when a value on the path is no object or array,
    ///   or an array index is not an integer; ``SCXMLExpressionError/valueTooLarge(size:limit:)`` for an
    ///   index that would grow the array past `maximumSize`.
    static func setting(
        _ value: SCXMLValue, at keys: ArraySlice<SCXMLValue>, in container: SCXMLValue, named name: String,
        maximumSize: Int
    ) throws(SCXMLExpressionError) -> SCXMLValue {
        guard let key = keys.first else {
            return value
        }
        let rest = keys.dropFirst()
        let keyName = key.primitive.description
        switch container {
        case .object(var object):
            let child = object[keyName] ?? .undefined
            object[keyName] = try setting(
                value, at: rest, in: child, named: "\(name).\(keyName)", maximumSize: maximumSize)
            return .object(object)
        case .array(var elements):
            guard let index = arrayIndex(keyName) else {
                throw .typeError("'\(keyName)' is not an index of the array \(name)")
            }
            if index >= elements.count {
                // `index` may be near `Int.max` (`x['9223372036854775806']`): compare the slots added with
                // what the size allows before multiplying, and saturate the size the error reports.
                guard index - elements.count < maximumSize / 8 else {
                    let (size, overflow) = index.multipliedReportingOverflow(by: 8)
                    throw .valueTooLarge(size: overflow ? Int.max : size, limit: maximumSize)
                }
                elements += Array(repeating: .undefined, count: index - elements.count + 1)
            }
            elements[index] = try setting(
                value, at: rest, in: elements[index], named: "\(name)[\(index)]", maximumSize: maximumSize)
            return .array(elements)
        default:
            throw .typeError("cannot set the property '\(keyName)' of \(name), which is \(container.typeName)")
        }
    }

    /// Calls a method of a value.
    ///
    /// - Parameters:
    ///   - name: the method.
    ///   - receiver: the value it is called on.
    ///   - arguments: the arguments' values.
    ///   - maximumSize: the largest value `join` may build.
    /// - Returns: the result.
    /// - Throws: ``SCXMLExpressionError/unknownMethod(_:of:)`` for a method the value does not have,
    ///   ``SCXMLExpressionError/typeError(_:)`` for a method of `undefined` or `null`.
    static func callMethod(
        _ name: String, on receiver: SCXMLValue, arguments: [SCXMLValue], maximumSize: Int
    ) throws(SCXMLExpressionError) -> SCXMLValue {
        func argument(_ index: Int) -> SCXMLValue {
            index < arguments.count ? arguments[index] : .undefined
        }
        if name == "toString", !receiver.isNullish {
            return .string(receiver.description)
        }
        switch receiver {
        case .undefined, .null:
            throw .typeError("cannot call the method '\(name)' of \(receiver)")
        case .string(let text):
            // `split('')` makes an element per code unit: refuse before building more than the size allows
            // (other separators make at most as many pieces as the text has bytes, checked afterwards).
            if name == "split", argument(0) == .string(""), text.utf16.count * 8 > maximumSize {
                throw .valueTooLarge(size: text.utf16.count * 8, limit: maximumSize)
            }
            if let result = stringMethod(name, text, argument) {
                return result
            }
        case .array(let elements):
            if let result = try arrayMethod(name, elements, arguments, maximumSize: maximumSize) {
                return result
            }
        default:
            break
        }
        throw .unknownMethod(name, of: receiver.kind)
    }

    /// ECMAScript's `ToIntegerOrInfinity` clamped to `0...count`, negative values counting from the end.
    private static func relativeIndex(_ value: SCXMLValue, count: Int, default fallback: Int) -> Int {
        if value == .undefined { return fallback }
        let integer = value.integerOrInfinity
        if integer < 0 { return max(0, count + Int(max(integer, Double(-count)))) }
        return Int(min(integer, Double(count)))
    }

    private static func stringMethod(
        _ name: String, _ text: String, _ argument: (Int) -> SCXMLValue
    ) -> SCXMLValue? {
        let units = Array(text.utf16)
        func string(_ slice: ArraySlice<UInt16>) -> SCXMLValue { .string(String(decoding: slice, as: UTF16.self)) }
        func search(_ needle: String, from start: Int) -> Int {
            firstPosition(of: Array(needle.utf16), in: units, from: start) ?? -1
        }
        switch name {
        case "indexOf", "search":
            // ECMAScript clamps the position to the string (`ToIntegerOrInfinity`); it does not count from the end.
            let position = name == "search" ? 0 : argument(1).integerOrInfinity
            let start = Int(min(max(position, 0), Double(units.count)))
            return .number(Double(search(argument(0).description, from: start)))
        case "lastIndexOf":
            return .number(Double(lastPosition(of: Array(argument(0).description.utf16), in: units) ?? -1))
        case "includes":
            return .boolean(search(argument(0).description, from: 0) >= 0)
        case "startsWith":
            return .boolean(units.starts(with: Array(argument(0).description.utf16)))
        case "endsWith":
            return .boolean(units.reversed().starts(with: Array(argument(0).description.utf16).reversed()))
        case "slice":
            let start = relativeIndex(argument(0), count: units.count, default: 0)
            let end = relativeIndex(argument(1), count: units.count, default: units.count)
            return string(start < end ? units[start..<end] : [])
        case "substring":
            func clamp(_ value: SCXMLValue, _ fallback: Int) -> Int {
                if value == .undefined { return fallback }
                return Int(min(max(value.integerOrInfinity, 0), Double(units.count)))
            }
            let start = clamp(argument(0), 0)
            let end = clamp(argument(1), units.count)
            return string(units[min(start, end)..<max(start, end)])
        case "charAt":
            let index = argument(0).integerOrInfinity
            guard index >= 0, index < Double(units.count) else { return .string("") }
            let position = Int(index)
            return string(units[position...position])
        case "toUpperCase": return .string(text.uppercased())
        case "toLowerCase": return .string(text.lowercased())
        case "trim": return .string(text.trimmingCharacters(in: .whitespacesAndNewlines))
        case "split":
            let separator = argument(0)
            if separator == .undefined { return .array([.string(text)]) }
            let pattern = separator.description
            if pattern.isEmpty {
                return .array(units.indices.map { string(units[$0...$0]) })
            }
            let separatorUnits = Array(pattern.utf16)
            var pieces: [SCXMLValue] = []
            var start = 0
            while let found = firstPosition(of: separatorUnits, in: units, from: start) {
                pieces.append(string(units[start..<found]))
                start = found + separatorUnits.count
            }
            pieces.append(string(units[start...]))
            return .array(pieces)
        default:
            return nil
        }
    }

    private static func arrayMethod(
        _ name: String, _ elements: [SCXMLValue], _ arguments: [SCXMLValue], maximumSize: Int
    ) throws(SCXMLExpressionError) -> SCXMLValue? {
        let first = arguments.first ?? .undefined
        switch name {
        case "indexOf":
            let start = relativeIndex(
                arguments.count > 1 ? arguments[1] : .undefined, count: elements.count, default: 0)
            let index = elements.indices.first { $0 >= start && SCXMLOperators.strictlyEqual(elements[$0], first) }
            return .number(Double(index ?? -1))
        case "lastIndexOf":
            let index = elements.indices.last { SCXMLOperators.strictlyEqual(elements[$0], first) }
            return .number(Double(index ?? -1))
        case "includes":
            return .boolean(
                elements.contains {
                    SCXMLOperators.strictlyEqual($0, first)
                        || ($0.numericValue.isNaN && first.numericValue.isNaN
                            && $0.kind == .number && first.kind == .number)
                })
        case "join":
            let separator = first == .undefined ? "," : first.description
            let parts = elements.map { $0.isNullish ? "" : $0.description }
            let size = parts.reduce(0) { $0 + $1.utf8.count } + separator.utf8.count * max(0, parts.count - 1)
            if size > maximumSize {
                throw .valueTooLarge(size: size, limit: maximumSize)
            }
            return .string(parts.joined(separator: separator))
        case "slice":
            let start = relativeIndex(first, count: elements.count, default: 0)
            let end = relativeIndex(
                arguments.count > 1 ? arguments[1] : .undefined, count: elements.count, default: elements.count)
            return .array(start < end ? Array(elements[start..<end]) : [])
        case "concat":
            var result = elements
            for argument in arguments {
                if case .array(let more) = argument {
                    result += more
                } else {
                    result.append(argument)
                }
            }
            return .array(result)
        default:
            return nil
        }
    }
}
