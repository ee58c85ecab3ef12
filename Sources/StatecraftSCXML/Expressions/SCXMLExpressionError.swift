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
    /// An operator or attribute was given a value of a type it does not accept (`'a' in 1`, an
    /// `eventexpr` that is no string).
    case typeMismatch(operator: String, operands: [SCXMLValue.Kind])
    /// A division or remainder by zero. No longer thrown: with ECMAScript's semantics `1 / 0` is
    /// `Infinity` and `1 % 0` is `NaN`.
    case divisionByZero
    /// A call of a function other than `In`, `String`, `Number` and `Boolean`.
    case unknownFunction(String)
    /// A function was called with the wrong number or type of arguments.
    case invalidArguments(function: String, message: String)
    /// A property was read that cannot be: kept for compatibility; reading a missing property gives
    /// `undefined`, as in ECMAScript.
    case unknownProperty(String, of: String)
    /// A name that denotes no value was evaluated: `_x`, which this data model does not provide.
    case notAValue(String)
    /// A `location` expression is not a location (a variable, or a property or index of one).
    case invalidLocation(String)
    /// A `delayexpr` evaluated to a string that is not a CSS2 time value.
    case invalidDelay(String, SCXMLDelayError)
    /// ECMAScript's `TypeError`: a property of `undefined` or `null`, a property assigned on a value
    /// that is no object or array, `instanceof` with something other than `Array` or `Object`.
    case typeError(String)
    /// A method the value does not have, or that this data model does not provide (`push`, which mutates).
    case unknownMethod(String, of: SCXMLValue.Kind)
    /// A `<data src>` could not be read when the document was parsed.
    case unreadableSource(String, reason: String)
    /// Arrays and objects would nest deeper than ``SCXMLLimits/maximumValueDepth``.
    case valueTooDeep(depth: Int, limit: Int)
    /// A string, array or object would grow past ``SCXMLLimits/maximumValueSize`` (``SCXMLExpressionEnvironment/maximumValueSize``).
    case valueTooLarge(size: Int, limit: Int)

    /// One macrostep's executable content ran more elements, or built more bytes of values, than
    /// ``SCXMLLimits/maximumExecutionSteps`` or ``SCXMLLimits/maximumExecutionBytes`` allow.
    case executionBudgetExceeded(ExecutionResource, limit: Int)

    /// What an execution budget counts.
    public enum ExecutionResource: String, Hashable, Sendable {
        /// Elements of executable content and `<foreach>` iterations.
        case steps
        /// Bytes of values built.
        case bytes
    }

    /// A sentence naming the offending variable, operator or position.
    public var description: String {
        switch self {
        case .syntax(let message, let offset): "syntax error at offset \(offset): \(message)"
        case .unknownVariable(let name): "unknown variable '\(name)'"
        case .readOnlyVariable(let name): "the system variable '\(name)' cannot be assigned"
        case .typeMismatch(let op, let operands):
            "operator '\(op)' cannot be applied to \(operands.map(\.rawValue).joined(separator: " and "))"
        case .divisionByZero: "division by zero"
        case .unknownFunction(let name):
            "unknown function '\(name)' (only In(), String(), Number() and Boolean() are defined)"
        case .invalidArguments(let function, let message): "\(function)(): \(message)"
        case .unknownProperty(let name, let base): "'\(base)' has no property '\(name)'"
        case .notAValue(let name): "'\(name)' is an object and cannot be used as a value"
        case .invalidLocation(let text): "'\(text)' is not a location (a variable, or a property or index of one)"
        case .invalidDelay(_, let error): "delayexpr: \(error)"
        case .typeError(let message): "type error: \(message)"
        case .unreadableSource(let source, let reason): "the data source '\(source)' cannot be read: \(reason)"
        case .unknownMethod(let name, let kind): "a \(kind) has no method '\(name)' in this data model"
        case .valueTooDeep(let depth, let limit):
            "the value would nest \(depth) arrays or objects deep, more than the limit of \(limit) "
                + "(SCXMLLimits.maximumValueDepth)"
        case .executionBudgetExceeded(.steps, let limit):
            "the macrostep ran more than \(limit) elements of executable content (SCXMLLimits.maximumExecutionSteps)"
        case .executionBudgetExceeded(.bytes, let limit):
            "the macrostep built more than \(limit) bytes of values (SCXMLLimits.maximumExecutionBytes)"
        case .valueTooLarge(let size, let limit):
            "the value would be \(size) bytes long, more than the limit of \(limit) (SCXMLLimits.maximumValueSize)"
        }
    }
}
