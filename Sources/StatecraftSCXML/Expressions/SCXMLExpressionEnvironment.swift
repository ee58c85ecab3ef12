/// The data an expression is evaluated against: the data model's variables, the current event, and the
/// `In()` predicate.
///
/// ```swift
/// var environment = SCXMLExpressionEnvironment(variables: ["Var1": 0])
/// try environment.assign(try SCXMLExpression.parse("Var1 + 1"), to: "Var1")
/// environment.variables["Var1"] // 1
/// ```
///
/// For the `null` data model, declare no variables: every variable read is then an error, and only `In()`,
/// literals and operators on them evaluate, as SCXML §B.1 requires.
public struct SCXMLExpressionEnvironment {
    /// The declared variables and their values; a declared variable without a value holds `undefined`.
    public var variables: [String: SCXMLValue]
    /// The event being processed, readable as `_event`; `nil` before the first event.
    public var event: SCXMLEvent?
    /// The document's `name`, readable as `_name`.
    public var sessionName: String?
    /// The session id, readable as `_sessionid`.
    public var sessionID: String?
    /// Answers `In('id')`: whether the state with that id is active.
    public var isInState: (String) -> Bool
    /// The largest string an operator may produce, in UTF-8 bytes (``SCXMLLimits/maximumValueSize``); a
    /// larger one is ``SCXMLExpressionError/valueTooLarge(size:limit:)``, so that `x + x` in a loop cannot
    /// double its way through the memory.
    public var maximumValueSize = SCXMLLimits.default.maximumValueSize

    /// Names that expressions may read but `<assign>` may not write (SCXML §5.10).
    public static let systemVariables: Set<String> = ["_event", "_name", "_sessionid", "_ioprocessors", "_x"]

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - variables: the declared variables and their values.
    ///   - event: the event being processed.
    ///   - sessionName: the value of `_name`.
    ///   - sessionID: the value of `_sessionid`.
    ///   - isInState: answers `In('id')`; by default no state is active.
    public init(
        variables: [String: SCXMLValue] = [:],
        event: SCXMLEvent? = nil,
        sessionName: String? = nil,
        sessionID: String? = nil,
        isInState: @escaping (String) -> Bool = { _ in false }
    ) {
        self.variables = variables
        self.event = event
        self.sessionName = sessionName
        self.sessionID = sessionID
        self.isInState = isInState
    }

    /// Evaluates an expression.
    ///
    /// - Parameter expression: the expression.
    /// - Returns: its value.
    /// - Throws: ``SCXMLExpressionError`` for an unknown variable, a type error, a division by zero or an
    ///   unknown function; the runtime turns it into `error.execution`.
    /// - Complexity: O(*n*) in the size of the expression.
    public func evaluate(_ expression: SCXMLExpression) throws(SCXMLExpressionError) -> SCXMLValue {
        switch expression {
        case .literal(let value):
            return value
        case .variable(let name):
            return try value(of: name)
        case .member(let base, let name):
            return try member(name, of: base)
        case .call(let name, let arguments):
            return try call(name, arguments)
        case .unary(let op, let operand):
            return try SCXMLOperators.apply(op, try evaluate(operand))
        case .binary(.and, let lhs, let rhs):
            return try shortCircuit(.and, lhs, rhs, decidedBy: false)
        case .binary(.or, let lhs, let rhs):
            return try shortCircuit(.or, lhs, rhs, decidedBy: true)
        case .binary(let op, let lhs, let rhs):
            let left = try evaluate(lhs)
            let right = try evaluate(rhs)
            if op == .add, case .string(let text) = left {
                try checkSize(text.utf8.count + right.description.utf8.count)
            } else if op == .add, case .string(let text) = right {
                try checkSize(left.description.utf8.count + text.utf8.count)
            }
            return try SCXMLOperators.apply(op, left, right)
        }
    }

    /// Throws when a string of `size` bytes would exceed ``maximumValueSize``, before it is built.
    private func checkSize(_ size: Int) throws(SCXMLExpressionError) {
        if size > maximumValueSize {
            throw .valueTooLarge(size: size, limit: maximumValueSize)
        }
    }

    /// Evaluates a `cond`: the value must be a boolean.
    ///
    /// - Parameter expression: the condition.
    /// - Returns: its truth value.
    /// - Throws: ``SCXMLExpressionError``, including ``SCXMLExpressionError/typeMismatch(operator:operands:)``
    ///   with operator `cond` when the value is not a boolean. SCXML then treats the condition as false.
    /// - Complexity: O(*n*) in the size of the expression.
    public func evaluateCondition(_ expression: SCXMLExpression) throws(SCXMLExpressionError) -> Bool {
        let value = try evaluate(expression)
        guard case .boolean(let truth) = value else {
            throw .typeMismatch(operator: "cond", operands: [value.kind])
        }
        return truth
    }

    /// Assigns a value to a declared variable, as `<assign location="…">` does.
    ///
    /// - Parameters:
    ///   - value: the new value.
    ///   - location: the variable's name.
    /// - Throws: ``SCXMLExpressionError/readOnlyVariable(_:)`` for a system variable,
    ///   ``SCXMLExpressionError/unknownVariable(_:)`` when no data element declares it.
    public mutating func assign(_ value: SCXMLValue, to location: String) throws(SCXMLExpressionError) {
        if Self.systemVariables.contains(location) {
            throw .readOnlyVariable(location)
        }
        guard variables[location] != nil else {
            throw .unknownVariable(location)
        }
        variables[location] = value
    }

    /// Evaluates an expression and assigns its value to a declared variable.
    ///
    /// - Parameters:
    ///   - expression: the `expr` of the `<assign>`.
    ///   - location: the variable's name.
    /// - Throws: ``SCXMLExpressionError`` from the evaluation or the assignment; the variable is then unchanged.
    /// - Complexity: O(*n*) in the size of the expression.
    public mutating func assign(_ expression: SCXMLExpression, to location: String) throws(SCXMLExpressionError) {
        try assign(try evaluate(expression), to: location)
    }

    private func value(of name: String) throws(SCXMLExpressionError) -> SCXMLValue {
        switch name {
        case "_name" where variables[name] == nil:
            guard let sessionName else { throw .unknownVariable(name) }
            return .string(sessionName)
        case "_sessionid" where variables[name] == nil:
            guard let sessionID else { throw .unknownVariable(name) }
            return .string(sessionID)
        case "_event", "_ioprocessors", "_x":
            throw event == nil && name == "_event" ? .unknownVariable(name) : .notAValue(name)
        default:
            guard let value = variables[name] else { throw .unknownVariable(name) }
            return value
        }
    }

    private func member(_ name: String, of base: SCXMLExpression) throws(SCXMLExpressionError) -> SCXMLValue {
        guard case .variable("_event") = base else {
            _ = try evaluate(base)
            throw .unknownProperty(name, of: base.description)
        }
        guard let event else {
            throw .unknownVariable("_event")
        }
        guard let value = event.value(ofField: name) else {
            throw .unknownProperty(name, of: "_event")
        }
        return value
    }

    private func call(_ name: String, _ arguments: [SCXMLExpression]) throws(SCXMLExpressionError) -> SCXMLValue {
        guard name == "In" else {
            throw .unknownFunction(name)
        }
        guard arguments.count == 1 else {
            throw .invalidArguments(function: "In", message: "expects one state id, got \(arguments.count) arguments")
        }
        let argument = try evaluate(arguments[0])
        guard case .string(let stateID) = argument else {
            throw .invalidArguments(function: "In", message: "expects a string state id, got a \(argument.kind)")
        }
        return .boolean(isInState(stateID))
    }

    private func shortCircuit(
        _ op: SCXMLBinaryOperator, _ lhs: SCXMLExpression, _ rhs: SCXMLExpression, decidedBy decisive: Bool
    ) throws(SCXMLExpressionError) -> SCXMLValue {
        let left = try evaluate(lhs)
        guard case .boolean(let leftTruth) = left else {
            throw .typeMismatch(operator: op.rawValue, operands: [left.kind])
        }
        if leftTruth == decisive {
            return left
        }
        let right = try evaluate(rhs)
        guard case .boolean = right else {
            throw .typeMismatch(operator: op.rawValue, operands: [left.kind, right.kind])
        }
        return right
    }
}
