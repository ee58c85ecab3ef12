/// Why an expression could not be parsed or evaluated.
///
/// At run time every one of these becomes the platform event `error.execution` (SCXML §5.10.2,
/// ``SCXMLEvent/executionError(sendID:message:)``); none of them is ever a crash.
public enum SCXMLExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not a valid expression; `offset` counts characters from its start.
    case syntax(String, offset: Int)
    /// The expression reads a variable that is not declared in the data model.
    case unknownVariable(String)
    /// An `<assign>` writes a system variable (`_event`, `_name`, `_sessionid`, `_ioprocessors`, `_x`).
    case readOnlyVariable(String)
    /// An operator was applied to operands of types it does not accept (`true + 1`, `'a' < 1`).
    case typeMismatch(operator: String, operands: [SCXMLValue.Kind])
    /// A division or remainder by zero.
    case divisionByZero
    /// A call of a function other than `In`.
    case unknownFunction(String)
    /// A function was called with the wrong number or type of arguments.
    case invalidArguments(function: String, message: String)
    /// A property other than a field of `_event` was read, such as `_event.foo` or `Var1.length`.
    case unknownProperty(String, of: String)
    /// An object was used as a value: the language has no objects, so `_event` alone cannot be evaluated.
    case notAValue(String)
    /// A `location` expression is not a variable name.
    case invalidLocation(String)
    /// A `delayexpr` evaluated to a string that is not a CSS2 time value.
    case invalidDelay(String, SCXMLDelayError)
    /// A string would grow past ``SCXMLLimits/maximumValueSize`` (``SCXMLExpressionEnvironment/maximumValueSize``).
    case valueTooLarge(size: Int, limit: Int)

    /// A sentence naming the offending variable, operator or position.
    public var description: String {
        switch self {
        case .syntax(let message, let offset): "syntax error at offset \(offset): \(message)"
        case .unknownVariable(let name): "unknown variable '\(name)'"
        case .readOnlyVariable(let name): "the system variable '\(name)' cannot be assigned"
        case .typeMismatch(let op, let operands):
            "operator '\(op)' cannot be applied to \(operands.map(\.rawValue).joined(separator: " and "))"
        case .divisionByZero: "division by zero"
        case .unknownFunction(let name): "unknown function '\(name)' (only In() is defined)"
        case .invalidArguments(let function, let message): "\(function)(): \(message)"
        case .unknownProperty(let name, let base): "'\(base)' has no property '\(name)'"
        case .notAValue(let name): "'\(name)' is an object and cannot be used as a value"
        case .invalidLocation(let text): "'\(text)' is not a location (a variable name)"
        case .invalidDelay(_, let error): "delayexpr: \(error)"
        case .valueTooLarge(let size, let limit):
            "the value would be \(size) bytes long, more than the limit of \(limit) (SCXMLLimits.maximumValueSize)"
        }
    }
}
