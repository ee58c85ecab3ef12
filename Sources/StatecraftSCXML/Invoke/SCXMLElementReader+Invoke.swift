extension SCXMLElementReader {
    /// The attributes of the invoke elements.
    static let invokeAttributes: [String: Set<String>] = [
        "invoke": ["type", "typeexpr", "src", "srcexpr", "id", "idlocation", "autoforward", "namelist"],
        "param": ["name", "expr", "location"],
        "content": ["expr"],
        "finalize": [],
    ]

    /// Reads an `<invoke>` and its `<param>`, `<content>` and `<finalize>` children.
    func readInvoke(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLInvoke {
        let at = element.location
        try checkInvokeAttributes(of: element)
        var invoke = SCXMLInvoke(sourceLocation: at)
        invoke.type = try pair("type", "typeexpr", of: element) { $0 }
        invoke.source = try pair("src", "srcexpr", of: element) { $0 }
        if element.attributes["id"] != nil, element.attributes["idlocation"] != nil {
            throw .conflictingAttributes("id", "idlocation", element: "invoke", at: at)
        }
        invoke.id = element.attributes["id"]
        if let location = element.attributes["idlocation"] {
            invoke.idLocation = try variableName(location, attribute: "idlocation", of: element)
        }
        if let autoforward = element.attributes["autoforward"] {
            guard autoforward == "true" || autoforward == "false" else {
                throw .invalidAttributeValue(
                    name: "autoforward", value: autoforward, element: "invoke", reason: "must be true or false",
                    at: at)
            }
            invoke.autoforward = autoforward == "true"
        }
        if let namelist = element.attributes["namelist"] {
            // Checked when the invoke runs: a name that is not a declared variable is `error.execution` then.
            invoke.namelist = namelist.split(whereSeparator: \.isXMLWhitespace).map(String.init)
        }
        for child in element.children {
            guard isSCXMLNamespace(child.namespaceURI) else {
                throw .unknownElement(name: child.qualifiedName, at: child.location)
            }
            switch child.name {
            case "param":
                try checkInvokeAttributes(of: child)
                let name = try required("name", of: child)
                let text: String
                let attribute: String
                switch (child.attributes["expr"], child.attributes["location"]) {
                case (.some, .some):
                    throw .conflictingAttributes("expr", "location", element: "param", at: child.location)
                case (.some(let expr), nil): (text, attribute) = (expr, "expr")
                case (nil, .some(let location)): (text, attribute) = (location, "location")
                case (nil, nil): throw .missingAttribute(name: "expr", element: "param", at: child.location)
                }
                invoke.params.append(
                    SCXMLInvoke.Param(name: name, expression: try expression(text, attribute: attribute, of: child)))
            case "content":
                try checkInvokeAttributes(of: child)
                if invoke.content != nil || invoke.contentExpression != nil {
                    throw .invalidStructure(
                        element: "invoke", reason: "has more than one <content>", at: child.location)
                }
                if let expr = child.attributes["expr"] {
                    invoke.contentExpression = try expression(expr, attribute: "expr", of: child)
                } else if let scxml = child.children.first(where: { $0.name == "scxml" }) {
                    let document = try SCXMLElementReader.read(scxml, limits: limits)
                    try SCXMLDocumentValidator.validate(document, limits: limits)
                    invoke.content = document
                } else {
                    throw .invalidStructure(
                        element: "content", reason: "an invoked <content> must hold an <scxml> document",
                        at: child.location)
                }
            case "finalize":
                try checkInvokeAttributes(of: child)
                invoke.finalize = try readBlock(child)
            default:
                throw .misplacedElement(name: child.name, parent: "invoke", at: child.location)
            }
        }
        if invoke.source != nil, invoke.content != nil || invoke.contentExpression != nil {
            throw .invalidStructure(
                element: "invoke", reason: "has both a src or srcexpr and a <content>", at: at)
        }
        return invoke
    }

    /// An `<assign>` whose value is an inline `<scxml>` document (SCXML 1.0 §5.4 with XML content): the
    /// variable receives the document's text, which `<invoke><content expr>` can start as a child session.
    /// `nil` for any other element.
    func readDocumentAssign(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLAssign? {
        guard element.name == "assign", element.attributes["expr"] == nil, element.children.count == 1,
            let child = element.children.first, child.name == "scxml", isSCXMLNamespace(child.namespaceURI)
        else { return nil }
        let location = try required("location", of: element)
        let document = try SCXMLElementReader.read(child, limits: limits)
        try SCXMLDocumentValidator.validate(document, limits: limits)
        return SCXMLAssign(
            location: location, expression: .literal(.string(SCXMLExporter().export(document))),
            sourceLocation: element.location)
    }

    private func checkInvokeAttributes(of element: SCXMLXMLElement) throws(SCXMLError) {
        let allowed = Self.invokeAttributes[element.name] ?? []
        for name in element.attributes.keys.sorted() where !name.contains(":") && !allowed.contains(name) {
            throw .unknownAttribute(name: name, element: element.name, at: element.location)
        }
    }
}
