// The checks every element goes through: namespace, placement, attributes, names, expressions and locations.

extension SCXMLElementReader {
    func isSCXMLNamespace(_ uri: String) -> Bool {
        uri == Self.namespace || uri.isEmpty
    }

    /// Throws for unsupported and unknown elements, so that only known SCXML elements remain to be placed.
    func classify(_ element: SCXMLXMLElement, parent: String) throws(SCXMLError) {
        guard isSCXMLNamespace(element.namespaceURI) else {
            throw .unknownElement(
                name: "\(element.qualifiedName) (namespace \(element.namespaceURI))",
                at: element.location)
        }
        if Self.unsupportedElements.contains(element.name) {
            throw .unsupportedElement(name: element.name, at: element.location)
        }
        guard Self.supportedElements.contains(element.name) else {
            throw .unknownElement(name: element.name, at: element.location)
        }
    }

    func checkAttributes(of element: SCXMLXMLElement) throws(SCXMLError) {
        let allowed = Self.attributes[element.name] ?? []
        for name in element.attributes.keys.sorted() where !name.contains(":") && !allowed.contains(name) {
            throw .unknownAttribute(name: name, element: element.name, at: element.location)
        }
    }

    func checkNoText(in element: SCXMLXMLElement) throws(SCXMLError) {
        if element.text.contains(where: { !$0.isXMLWhitespace }) {
            throw .unexpectedText(element: element.name, at: element.location)
        }
    }

    func required(_ name: String, of element: SCXMLXMLElement) throws(SCXMLError) -> String {
        guard let value = element.attributes[name] else {
            throw .missingAttribute(name: name, element: element.name, at: element.location)
        }
        return value
    }

    func enumValue<Value: RawRepresentable & CaseIterable>(
        _ text: String, attribute: String, of element: SCXMLXMLElement
    ) throws(SCXMLError) -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: text) else {
            let choices = Value.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
            throw .invalidAttributeValue(
                name: attribute, value: text, element: element.name,
                reason: "expected \(choices)", at: element.location)
        }
        return value
    }

    func idList(
        _ text: String, attribute: String, of element: SCXMLXMLElement
    ) throws(SCXMLError) -> [String] {
        let ids = text.split(whereSeparator: \.isXMLWhitespace).map(String.init)
        if ids.isEmpty {
            throw .invalidAttributeValue(
                name: attribute, value: text, element: element.name,
                reason: "the list of state ids is empty", at: element.location)
        }
        return ids
    }

    func eventName(_ text: String, of element: SCXMLXMLElement) throws(SCXMLError) -> String {
        guard !text.isEmpty, !text.contains(where: \.isXMLWhitespace), !text.hasPrefix("."), !text.hasSuffix(".") else {
            throw .invalidAttributeValue(
                name: "event", value: text, element: element.name,
                reason: "an event name is a non-empty, dot-separated name without spaces",
                at: element.location)
        }
        return text
    }

    func expression(
        _ text: String, attribute: String, of element: SCXMLXMLElement
    ) throws(SCXMLError) -> SCXMLExpression {
        if text.utf8.count > limits.maximumExpressionLength, text.count > limits.maximumExpressionLength {
            throw .limitExceeded(.expressionLength, limit: limits.maximumExpressionLength, at: element.location)
        }
        do {
            return try SCXMLExpression.parse(text)
        } catch {
            throw .invalidExpression(
                attribute: attribute, text: text, element: element.name, error: error,
                at: element.location)
        }
    }

    func variableName(
        _ text: String, attribute: String, of element: SCXMLXMLElement
    ) throws(SCXMLError) -> String {
        let parsed = try expression(text, attribute: attribute, of: element)
        guard case .variable(let name) = parsed else {
            throw .invalidExpression(
                attribute: attribute, text: text, element: element.name,
                error: .invalidLocation(text), at: element.location)
        }
        return name
    }

    /// The text of an `<assign location>`: a variable, or a property or index of one (`foo.bar`, `a[0]`).
    /// Whether the variable is declared, and the path exists, is the runtime's to check (`error.execution`).
    func locationText(_ text: String, of element: SCXMLXMLElement) throws(SCXMLError) -> String {
        let parsed = try expression(text, attribute: "location", of: element)
        guard parsed.isLocation else {
            throw .invalidExpression(
                attribute: "location", text: text, element: element.name,
                error: .invalidLocation(text), at: element.location)
        }
        return text
    }

    /// Reads an attribute pair such as `event`/`eventexpr`: at most one may be present.
    func pair<Literal>(
        _ literalName: String, _ expressionName: String, of element: SCXMLXMLElement,
        literal: (String) throws(SCXMLError) -> Literal
    ) throws(SCXMLError) -> SCXMLLiteralOrExpression<Literal>? {
        switch (element.attributes[literalName], element.attributes[expressionName]) {
        case (.some, .some):
            throw .conflictingAttributes(literalName, expressionName, element: element.name, at: element.location)
        case (.some(let text), nil):
            return .literal(try literal(text))
        case (nil, .some(let text)):
            return .expression(try expression(text, attribute: expressionName, of: element))
        case (nil, nil):
            return nil
        }
    }
}
