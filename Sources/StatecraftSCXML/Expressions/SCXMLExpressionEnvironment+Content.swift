extension SCXMLExpressionEnvironment {
    /// Declares a data element's variable and gives it its initial value, as document initialisation
    /// (early binding) or a state's first entry (late binding) does.
    ///
    /// The variable is declared even when its expression fails, holding `undefined`, as SCXML §5.3 requires.
    /// - Parameter data: the `<data>` element.
    /// - Throws: ``SCXMLExpressionError`` when the `expr` cannot be evaluated; raise `error.execution`.
    /// - Complexity: O(*n*) in the size of the expression.
    public mutating func declare(_ data: SCXMLDataNode) throws(SCXMLExpressionError) {
        variables[data.id] = .undefined
        if let source = data.source, let reason = data.sourceError {
            throw .unreadableSource(source, reason: reason)
        }
        if let expression = data.expression {
            variables[data.id] = try evaluate(expression)
        }
    }

    /// The string given by an attribute pair such as `event`/`eventexpr`.
    ///
    /// - Parameters:
    ///   - value: the literal, or the expression to evaluate.
    ///   - attribute: the expression attribute's name, used in the type error (`eventexpr`).
    /// - Returns: the literal, or the expression's value, which must be a string.
    /// - Throws: ``SCXMLExpressionError``, including a type mismatch naming `attribute` for a non-string value.
    /// - Complexity: O(*n*) in the size of the expression.
    public func evaluateString(
        _ value: SCXMLLiteralOrExpression<String>, attribute: String
    ) throws(SCXMLExpressionError) -> String {
        switch value {
        case .literal(let text):
            return text
        case .expression(let expression):
            let result = try evaluate(expression)
            guard case .string(let text) = result else {
                throw .typeMismatch(operator: attribute, operands: [result.kind])
            }
            return text
        }
    }

    /// The delay given by `delay` or `delayexpr`.
    ///
    /// - Parameter value: the parsed literal, or the expression, which must give a CSS2 time string such as
    ///   `'500ms'`.
    /// - Returns: the delay.
    /// - Throws: ``SCXMLExpressionError/invalidDelay(_:_:)`` for a string that is not a delay, or the
    ///   expression's own errors.
    /// - Complexity: O(*n*) in the size of the expression.
    public func evaluateDelay(_ value: SCXMLLiteralOrExpression<Duration>) throws(SCXMLExpressionError) -> Duration {
        switch value {
        case .literal(let duration):
            return duration
        case .expression(let expression):
            let result = try evaluate(expression)
            guard case .string(let text) = result else {
                throw .typeMismatch(operator: "delayexpr", operands: [result.kind])
            }
            do throws(SCXMLDelayError) {
                return try SCXMLDelayParser.parse(text)
            } catch {
                throw .invalidDelay(text, error)
            }
        }
    }

    /// The data of a `<send namelist="…">`: each variable's name and value.
    ///
    /// - Parameter names: the namelist's variable names.
    /// - Returns: the pairs in namelist order.
    /// - Throws: ``SCXMLExpressionError/unknownVariable(_:)`` for an undeclared name.
    /// - Complexity: O(*k*) for *k* names.
    public func values(ofNamelist names: [String]) throws(SCXMLExpressionError) -> [(name: String, value: SCXMLValue)] {
        var pairs: [(name: String, value: SCXMLValue)] = []
        for name in names {
            pairs.append((name, try evaluate(.variable(name))))
        }
        return pairs
    }
}
