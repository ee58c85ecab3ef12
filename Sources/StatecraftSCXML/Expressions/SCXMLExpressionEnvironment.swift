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
    /// The session's Event I/O Processors beside SCXML's own (``SCXMLEventProcessor``): each processor's
    /// type URI, short name and location, as `_ioprocessors` lists them.
    public var eventProcessorLocations: [(type: String, shortName: String?, location: String)] = []
    /// The largest string an operator may produce, in UTF-8 bytes (``SCXMLLimits/maximumValueSize``); a
    /// larger one is ``SCXMLExpressionError/valueTooLarge(size:limit:)``, so that `x + x` in a loop cannot
    /// double its way through the memory.
    public var maximumValueSize = SCXMLLimits.default.maximumValueSize
    /// The deepest nesting of arrays and objects a value may reach (``SCXMLLimits/maximumValueDepth``); a
    /// deeper one is ``SCXMLExpressionError/valueTooDeep(depth:limit:)``, so that hashing, printing and
    /// encoding a value can never exhaust the stack.
    public var maximumValueDepth = SCXMLLimits.default.maximumValueDepth
    /// The budget of the macrostep running, which counts the bytes of the strings, arrays and objects
    /// evaluation builds; `nil` outside a chart's executable content.
    var budget: SCXMLExecutionBudget?

    /// Names that expressions may read but `<assign>` may not write (SCXML §5.10).
    public static let systemVariables: Set<String> = ["_event", "_name", "_sessionid", "_ioprocessors", "_x"]

    /// The global functions expressions may call: `In`, `String`, `Number` and `Boolean`.
    static let functions: Set<String> = ["In", "String", "Number", "Boolean"]

    /// Whether a name is bound without a declaration: a system variable, or `NaN`.
    static func isGlobal(_ name: String) -> Bool {
        systemVariables.contains(name) || name == "NaN"
    }

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
    /// - Throws: ``SCXMLExpressionError`` for an undeclared variable, a property of `undefined` or `null`,
    ///   an unknown function or method, or a value past the size limits; the runtime turns it into
    ///   `error.execution`.
    /// - Complexity: O(*n*) in the size of the expression and the values it builds.
    public func evaluate(_ expression: SCXMLExpression) throws(SCXMLExpressionError) -> SCXMLValue {
        switch expression {
        case .literal(let value):
            return value
        case .variable(let name):
            return try value(of: name)
        case .method(.regularExpression(let pattern), "test", let arguments):
            let text = try arguments.first.map { argument throws(SCXMLExpressionError) in try evaluate(argument) }
            return .boolean(try search(pattern, in: (text ?? .undefined).description) != nil)
        case .regularExpression:
            throw .typeError("a regular expression is supported only as in text.search(/re/) or /re/.test(text)")
        case .member(let base, let name):
            return try SCXMLValueAccess.property(.string(name), of: try evaluate(base), named: base)
        case .index(let base, let index):
            let container = try evaluate(base)
            return try SCXMLValueAccess.property(try evaluate(index), of: container, named: base)
        case .call(let name, let arguments):
            return try checked(try call(name, arguments))
        case .method(let base, let name, let arguments):
            let receiver = try evaluate(base)
            if name == "search", arguments.count == 1, case .regularExpression(let pattern) = arguments[0] {
                guard case .string(let text) = receiver else {
                    throw .typeError("search() is a method of strings, not of a \(receiver.kind)")
                }
                return .number(Double(try search(pattern, in: text) ?? -1))
            }
            var values: [SCXMLValue] = []
            for argument in arguments {
                values.append(try evaluate(argument))
            }
            return try checked(
                try SCXMLValueAccess.callMethod(
                    name, on: receiver, arguments: values, maximumSize: maximumValueSize))
        case .array(let elements):
            var values: [SCXMLValue] = []
            for element in elements {
                values.append(try evaluate(element))
            }
            return try checked(.array(values))
        case .object(let properties):
            var object = SCXMLObject()
            for property in properties {
                object[property.key] = try evaluate(property.value)
            }
            return try checked(.object(object))
        case .immediateCall(let function, let arguments):
            var values: [SCXMLValue] = []
            for argument in arguments {
                values.append(try evaluate(argument))
            }
            return try checked(try call(function, values))
        case .unary(.typeOf, .variable(let name)) where !isDefined(name):
            return .string("undefined")
        case .unary(let op, let operand):
            return SCXMLOperators.apply(op, try evaluate(operand))
        case .binary(.and, let lhs, let rhs):
            let left = try evaluate(lhs)
            return left.isTruthy ? try evaluate(rhs) : left
        case .binary(.or, let lhs, let rhs):
            let left = try evaluate(lhs)
            return left.isTruthy ? left : try evaluate(rhs)
        case .binary(.instanceOf, let lhs, let rhs):
            let left = try evaluate(lhs)
            guard case .variable(let constructor) = rhs, constructor == "Array" || constructor == "Object" else {
                throw .typeError("the right side of 'instanceof' must be Array or Object, not \(rhs)")
            }
            return .boolean(constructor == "Array" ? left.kind == .array : left.isObjectLike)
        case .binary(let op, let lhs, let rhs):
            let left = try evaluate(lhs)
            let right = try evaluate(rhs)
            if op == .add, left.isObjectLike || right.isObjectLike || left.kind == .string || right.kind == .string {
                // Checked before the string is built: `x + x` in a loop cannot double past the limit.
                let size = Self.concatenationSize(left) + Self.concatenationSize(right)
                try checkSize(size)
                try budget?.spend(bytes: size)
            }
            return try SCXMLOperators.apply(op, left, right)
        }
    }

    /// The bytes a value adds to a concatenation: its string form's, estimated for arrays and objects.
    private static func concatenationSize(_ value: SCXMLValue) -> Int {
        value.isObjectLike ? value.footprint.size : value.description.utf8.count
    }

    /// Calls a function expression: its parameters and `var`s are local; it may assign only those.
    private func call(_ function: SCXMLFunction, _ arguments: [SCXMLValue]) throws(SCXMLExpressionError) -> SCXMLValue {
        var local = self
        var locals = Set(function.parameters)
        for (position, name) in function.parameters.enumerated() {
            local.variables[name] = position < arguments.count ? arguments[position] : .undefined
        }
        for statement in function.body {
            if let result = try local.run(statement, locals: &locals) {
                return result
            }
        }
        return .undefined
    }

    /// Runs a statement of a function body; returns the value of a `return`, `nil` to go on.
    private mutating func run(
        _ statement: SCXMLFunctionStatement, locals: inout Set<String>
    ) throws(SCXMLExpressionError) -> SCXMLValue? {
        switch statement {
        case .declare(let name, let value):
            locals.insert(name)
            variables[name] =
                try value.map { expression throws(SCXMLExpressionError) in try evaluate(expression) } ?? .undefined
        case .assign(let name, let value):
            guard locals.contains(name) else {
                throw .typeError("a function may assign only its parameters and its vars, not '\(name)'")
            }
            variables[name] = try checked(try evaluate(value))
        case .if(let condition, let statement):
            if try evaluate(condition).isTruthy {
                return try run(statement, locals: &locals)
            }
        case .return(let value):
            return try value.map { expression throws(SCXMLExpressionError) in try evaluate(expression) } ?? .undefined
        case .expression(let expression):
            _ = try evaluate(expression)
        }
        return nil
    }

    /// Whether a name can be read: a declared variable or a system variable that is bound.
    private func isDefined(_ name: String) -> Bool {
        (try? value(of: name)) != nil
    }

    /// Throws when a value of `size` bytes would exceed ``maximumValueSize``, before it is built.
    private func checkSize(_ size: Int) throws(SCXMLExpressionError) {
        if size > maximumValueSize {
            throw .valueTooLarge(size: size, limit: maximumValueSize)
        }
    }

    /// The value, once it is known to fit ``maximumValueSize`` and ``maximumValueDepth``.
    func checked(_ value: SCXMLValue) throws(SCXMLExpressionError) -> SCXMLValue {
        switch value {
        case .string, .array, .object:
            let (size, depth) = value.footprint
            try checkSize(size)
            if depth > maximumValueDepth {
                throw .valueTooDeep(depth: depth, limit: maximumValueDepth)
            }
            try budget?.spend(bytes: size)
        default:
            break
        }
        return value
    }

    /// Evaluates a `cond`: the truthiness of its value (ECMAScript `ToBoolean`).
    ///
    /// - Parameter expression: the condition.
    /// - Returns: its truth value.
    /// - Throws: ``SCXMLExpressionError`` when the expression cannot be evaluated; SCXML then treats the
    ///   condition as false.
    /// - Complexity: O(*n*) in the size of the expression.
    public func evaluateCondition(_ expression: SCXMLExpression) throws(SCXMLExpressionError) -> Bool {
        try evaluate(expression).isTruthy
    }

    /// Assigns a value to a declared variable, as `<assign location="…">` does.
    ///
    /// - Parameters:
    ///   - value: the new value.
    ///   - location: the variable's name.
    /// - Throws: ``SCXMLExpressionError/readOnlyVariable(_:)`` for a system variable,
    ///   ``SCXMLExpressionError/unknownVariable(_:)`` when no data element declares it.
    public mutating func assign(_ value: SCXMLValue, to location: String) throws(SCXMLExpressionError) {
        try assign(value, to: .variable(location))
    }

    /// Assigns a value to a location: a declared variable, or a property or index of one (`foo.bar`,
    /// `Var1[0]`), as `<assign location="…">` does.
    ///
    /// - Parameters:
    ///   - value: the new value.
    ///   - location: the location.
    /// - Throws: ``SCXMLExpressionError/readOnlyVariable(_:)`` for a system variable,
    ///   ``SCXMLExpressionError/unknownVariable(_:)`` when no data element declares the root variable,
    ///   ``SCXMLExpressionError/invalidLocation(_:)`` for an expression that is not a location,
    ///   ``SCXMLExpressionError/typeError(_:)`` for a property of a value that is no object or array;
    ///   the data model is then unchanged.
    public mutating func assign(_ value: SCXMLValue, to location: SCXMLExpression) throws(SCXMLExpressionError) {
        guard location.isLocation, let root = location.rootVariable else {
            throw .invalidLocation(location.description)
        }
        if Self.systemVariables.contains(root) {
            throw .readOnlyVariable(root)
        }
        guard let current = variables[root] else {
            throw .unknownVariable(root)
        }
        var keys: [SCXMLValue] = []
        var path = location
        while true {
            switch path {
            case .member(let base, let name):
                keys.append(.string(name))
                path = base
                continue
            case .index(let base, let index):
                keys.append(try evaluate(index))
                path = base
                continue
            default:
                break
            }
            break
        }
        let updated = try SCXMLValueAccess.setting(
            value, at: keys.reversed()[...], in: current, named: root, maximumSize: maximumValueSize)
        variables[root] = try checked(updated)
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
        // A variable never shadows a system variable (SCXML §5.10): documents cannot declare one, and a
        // variable set in code or restored from a snapshot is not read under that name.
        if !Self.systemVariables.contains(name), let value = variables[name] {
            return value
        }
        switch name {
        case "_name":
            guard let sessionName else { throw .unknownVariable(name) }
            return .string(sessionName)
        case "_sessionid":
            guard let sessionID else { throw .unknownVariable(name) }
            return .string(sessionID)
        case "_event":
            // Declared but unbound until the first event (SCXML §5.10, test 319).
            return event?.value ?? .undefined
        case "_ioprocessors":
            return ioProcessors
        case "_x":
            throw .notAValue(name)
        case "NaN":
            return .number(.nan)
        default:
            throw .unknownVariable(name)
        }
    }

    /// Where the first match of `pattern` in `text` starts, counted in UTF-16 code units; the work counts
    /// against the macrostep's budget first (one byte per thousand character × instruction steps), so that
    /// searches in a loop cannot run for minutes.
    private func search(_ pattern: SCXMLRegularExpression, in text: String) throws(SCXMLExpressionError) -> Int? {
        let units = Array(text.utf16)
        try budget?.spend(bytes: pattern.searchCost(ofLength: units.count) / 1_000)
        return pattern.firstMatchStart(in: units)
    }

    /// The value of `_ioprocessors`: the SCXML Event I/O Processor under its type URI and under `scxml`,
    /// each an object whose `location` is `#_scxml_SESSIONID`; then each of ``eventProcessorLocations``
    /// under its type URI and its short name, such as `basichttp`.
    public var ioProcessors: SCXMLValue {
        let location = SCXMLValue.object(SCXMLObject([("location", .string("#_scxml_\(sessionID ?? "")"))]))
        var entries: [(key: String, value: SCXMLValue)] = [
            (SCXMLSend.scxmlEventProcessorType, location), ("scxml", location),
        ]
        for processor in eventProcessorLocations {
            let entry = SCXMLValue.object(SCXMLObject([("location", .string(processor.location))]))
            entries.append((processor.type, entry))
            if let shortName = processor.shortName { entries.append((shortName, entry)) }
        }
        return .object(SCXMLObject(entries))
    }

    private func call(_ name: String, _ arguments: [SCXMLExpression]) throws(SCXMLExpressionError) -> SCXMLValue {
        var values: [SCXMLValue] = []
        for argument in arguments {
            values.append(try evaluate(argument))
        }
        switch name {
        case "In":
            guard values.count == 1 else {
                throw .invalidArguments(function: "In", message: "expects one state id, got \(values.count) arguments")
            }
            guard case .string(let stateID) = values[0] else {
                throw .invalidArguments(function: "In", message: "expects a string state id, got a \(values[0].kind)")
            }
            return .boolean(isInState(stateID))
        case "String":
            return .string(values.first?.description ?? "")
        case "Number":
            return .number(values.first?.numericValue ?? 0)
        case "Boolean":
            return .boolean(values.first?.isTruthy ?? false)
        default:
            throw .unknownFunction(name)
        }
    }
}
