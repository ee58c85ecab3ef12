extension SCXMLExpressionEnvironment {
    /// The value of an event's data: the `<content>`'s value, or an object of the namelist's and the
    /// `<param>`s' names and values (SCXML §5.10, §6.2), a repeated name holding the array of its values;
    /// `nil` when the element carries no data.
    ///
    /// - Parameter data: the namelist, params and content of a `<send>` or `<donedata>`.
    /// - Returns: the data, or `nil`.
    /// - Throws: ``SCXMLExpressionError`` when a location is invalid or undeclared or an expression fails;
    ///   the event is then not sent (or carries no data), and the runtime raises `error.execution`.
    /// - Complexity: O(*n*) in the size of the expressions and values.
    public func evaluate(_ data: SCXMLEventData) throws(SCXMLExpressionError) -> SCXMLValue? {
        if data.isEmpty {
            return nil
        }
        switch data.content {
        case .expression(let expression):
            return try evaluate(expression)
        case .value(let value):
            return value
        case nil:
            break
        }
        var object = SCXMLObject()
        var repeated: Set<String> = []
        // SCXML §5.10 (test 178): every value is kept even when a key repeats; a repeated key holds the
        // array of its values in order.
        func add(_ key: String, _ value: SCXMLValue) {
            guard let existing = object[key] else {
                object[key] = value
                return
            }
            if repeated.contains(key), case .array(let values) = existing {
                object[key] = .array(values + [value])
            } else {
                repeated.insert(key)
                object[key] = .array([existing, value])
            }
        }
        for location in data.namelist {
            add(location, try evaluate(location: location))
        }
        for param in data.params {
            switch param.value {
            case .expression(let expression):
                add(param.name, try evaluate(expression))
            case .location(let location):
                add(param.name, try evaluate(location: location))
            }
        }
        return try checked(.object(object))
    }

    /// The value at a location written as text (a namelist entry, a `<param location>`): it must parse as
    /// a location whose variable is declared.
    private func evaluate(location text: String) throws(SCXMLExpressionError) -> SCXMLValue {
        let location = try SCXMLExpression.parse(text)
        guard location.isLocation else {
            throw .invalidLocation(text)
        }
        return try evaluate(location)
    }
}
