// Reading executable content: <onentry>, <onexit> and <transition> blocks and the actions inside them.

extension SCXMLElementReader {
    func readBlock(_ element: SCXMLXMLElement) throws(SCXMLError) -> [SCXMLExecutableContent] {
        try checkAttributes(of: element)
        try checkNoText(in: element)
        var content: [SCXMLExecutableContent] = []
        for child in element.children {
            try classify(child, parent: element.name)
            guard Self.executableContent.contains(child.name) else {
                throw .misplacedElement(name: child.name, parent: element.name, at: child.location)
            }
            content.append(try readExecutable(child))
        }
        return content
    }

    func readExecutable(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLExecutableContent {
        try checkAttributes(of: element)
        if element.name == "assign", element.attributes["expr"] == nil, element.children.isEmpty {
            let text = element.text.trimmingXMLWhitespace()
            let location = try required("location", of: element)
            guard !text.isEmpty else {
                throw .missingAttribute(name: "expr", element: "assign", at: element.location)
            }
            return .assign(
                SCXMLAssign(
                    location: try locationText(location, of: element),
                    expression: try inlineValue(text, of: element, constantsOnly: false),
                    sourceLocation: element.location))
        }
        if element.name == "script" {
            return .script(try readScript(element))
        }
        if element.name == "foreach" {
            return .foreach(try readForeach(element))
        }
        if let assign = try readDocumentAssign(element) { return .assign(assign) }
        if element.name != "if" && element.name != "send" {
            try checkNoText(in: element)
            if let child = element.children.first {
                try classify(child, parent: element.name)
                throw .misplacedElement(name: child.name, parent: element.name, at: child.location)
            }
        }
        let at = element.location
        switch element.name {
        case "raise":
            return .raise(
                SCXMLRaise(
                    event: try eventName(try required("event", of: element), of: element),
                    sourceLocation: at))
        case "log":
            var log = SCXMLLog(label: element.attributes["label"], sourceLocation: at)
            // An empty `expr` logs the label alone (as test 307 writes it).
            if let expr = element.attributes["expr"], !expr.trimmingXMLWhitespace().isEmpty {
                log.expression = try expression(expr, attribute: "expr", of: element)
            }
            return .log(log)
        case "assign":
            let location = try required("location", of: element)
            return .assign(
                SCXMLAssign(
                    location: try locationText(location, of: element),
                    expression: try expression(
                        try required("expr", of: element),
                        attribute: "expr", of: element),
                    sourceLocation: at))
        case "cancel":
            guard let sendID = try pair("sendid", "sendidexpr", of: element, literal: { $0 }) else {
                throw .missingAttribute(name: "sendid", element: "cancel", at: at)
            }
            return .cancel(SCXMLCancel(sendID: sendID, sourceLocation: at))
        case "send":
            return .send(try readSend(element))
        default:
            return .if(try readIf(element))
        }
    }

    func readSend(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLSend {
        let at = element.location
        let event = try pair(
            "event", "eventexpr", of: element,
            literal: { text throws(SCXMLError) in
                try eventName(text, of: element)
            })
        // SCXML §6.2: the event name is required for SCXML's own processor; a send of another type may carry
        // only <content>. A `typeexpr` that names SCXML's processor at run time is error.execution then.
        let type = element.attributes["type"]
        let namesAnotherProcessor =
            element.attributes["typeexpr"] != nil
            || (type.map { $0 != SCXMLSend.scxmlEventProcessorType && $0 != "scxml" } ?? false)
        if event == nil, !namesAnotherProcessor {
            throw .missingAttribute(name: "event", element: "send", at: at)
        }
        var send = SCXMLSend(event: event, sourceLocation: at)
        try checkNoText(in: element)
        // A target or type the runtime cannot deliver to is `error.execution` (or `error.communication`)
        // when the send runs, as SCXML §6.2 requires, not a load error.
        send.target = try pair("target", "targetexpr", of: element) { $0 }
        send.type = try pair("type", "typeexpr", of: element) { $0 }
        send.delay = try pair("delay", "delayexpr", of: element) { text throws(SCXMLError) in
            do throws(SCXMLDelayError) {
                return try SCXMLDelayParser.parse(text)
            } catch {
                throw .invalidAttributeValue(
                    name: "delay", value: text, element: "send", reason: error.description,
                    at: at)
            }
        }
        if element.attributes["id"] != nil, element.attributes["idlocation"] != nil {
            throw .conflictingAttributes("id", "idlocation", element: "send", at: at)
        }
        if let id = element.attributes["id"] {
            send.id = .literal(id)
        } else if let location = element.attributes["idlocation"] {
            send.id = .location(try variableName(location, attribute: "idlocation", of: element))
        }
        let namelist = element.attributes["namelist"].map {
            $0.split(whereSeparator: \.isXMLWhitespace).map(String.init)
        }
        let data = try readEventData(element, namelist: namelist ?? [])
        send.namelist = data.namelist
        send.params = data.params
        send.content = data.content
        return send
    }

    /// Reads the `<param>` and `<content>` children of `<send>` or `<donedata>`. Locations (`namelist`,
    /// `<param location>`) are checked when they are evaluated: an invalid one is `error.execution` then.
    func readEventData(
        _ element: SCXMLXMLElement, namelist: [String]
    ) throws(SCXMLError) -> SCXMLEventData {
        try checkAttributes(of: element)
        try checkNoText(in: element)
        var data = SCXMLEventData(namelist: namelist)
        for name in namelist where name.count > limits.maximumExpressionLength {
            throw .limitExceeded(.expressionLength, limit: limits.maximumExpressionLength, at: element.location)
        }
        for child in element.children {
            try classify(child, parent: element.name)
            try checkAttributes(of: child)
            switch child.name {
            case "param":
                try checkNoText(in: child)
                if let nested = child.children.first {
                    throw .misplacedElement(name: nested.name, parent: "param", at: nested.location)
                }
                let name = try required("name", of: child)
                let value: SCXMLParamValue
                switch (child.attributes["expr"], child.attributes["location"]) {
                case (.some, .some):
                    throw .conflictingAttributes("expr", "location", element: "param", at: child.location)
                case (.some(let expr), nil):
                    value = .expression(try expression(expr, attribute: "expr", of: child))
                case (nil, .some(let location)):
                    if location.count > limits.maximumExpressionLength {
                        throw .limitExceeded(
                            .expressionLength, limit: limits.maximumExpressionLength, at: child.location)
                    }
                    value = .location(location)
                case (nil, nil):
                    throw .missingAttribute(name: "expr", element: "param", at: child.location)
                }
                data.params.append(SCXMLParam(name: name, value: value, sourceLocation: child.location))
            case "content":
                guard data.content == nil else {
                    throw .invalidStructure(
                        element: element.name, reason: "has more than one <content>", at: child.location)
                }
                if let nested = child.children.first {
                    throw .unsupportedElement(name: "\(nested.qualifiedName) (XML content)", at: nested.location)
                }
                let text = child.text.trimmingXMLWhitespace()
                if let expr = child.attributes["expr"] {
                    guard text.isEmpty else {
                        throw .invalidStructure(
                            element: "content", reason: "has both an 'expr' attribute and content", at: child.location)
                    }
                    data.content = .expression(try expression(expr, attribute: "expr", of: child))
                } else if case .literal(let value) = try inlineValue(text, of: child, constantsOnly: true) {
                    data.content = .value(value)
                }
            default:
                throw .misplacedElement(name: child.name, parent: element.name, at: child.location)
            }
        }
        if data.content != nil, !data.params.isEmpty || !data.namelist.isEmpty {
            throw .invalidStructure(
                element: element.name, reason: "has <content> together with <param> or namelist",
                at: element.location)
        }
        return data
    }

    /// The value of inline text (`<data>`, `<assign>`, `<content>`): the expression it reads as, else the
    /// text with its whitespace normalised, as a string. With `constantsOnly`, an expression that reads a
    /// variable is taken as text too (`<content>foo</content>` is the string `foo`).
    func inlineValue(
        _ text: String, of element: SCXMLXMLElement, constantsOnly: Bool
    ) throws(SCXMLError) -> SCXMLExpression {
        if text.utf8.count > limits.maximumExpressionLength, text.count > limits.maximumExpressionLength {
            throw .limitExceeded(.expressionLength, limit: limits.maximumExpressionLength, at: element.location)
        }
        if let parsed = try? SCXMLExpression.parse(text) {
            if !constantsOnly {
                return parsed
            }
            if parsed.variables.isEmpty, let value = try? SCXMLExpressionEnvironment().evaluate(parsed) {
                return .literal(value)
            }
        }
        let normalized = text.split(whereSeparator: \.isXMLWhitespace).joined(separator: " ")
        return .literal(.string(normalized))
    }

    func readForeach(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLForeach {
        try checkNoText(in: element)
        let array = try expression(try required("array", of: element), attribute: "array", of: element)
        // `item` and `index` must be legal variable names; an illegal one is error.execution when the
        // element runs (SCXML §4.6), not a load error.
        var foreach = SCXMLForeach(
            array: array, item: try required("item", of: element), index: element.attributes["index"],
            sourceLocation: element.location)
        for name in [foreach.item] + (foreach.index.map { [$0] } ?? [])
        where name.count > limits.maximumExpressionLength {
            throw .limitExceeded(.expressionLength, limit: limits.maximumExpressionLength, at: element.location)
        }
        for child in element.children {
            try classify(child, parent: "foreach")
            guard Self.executableContent.contains(child.name) else {
                throw .misplacedElement(name: child.name, parent: "foreach", at: child.location)
            }
            foreach.content.append(try readExecutable(child))
        }
        return foreach
    }

    func readScript(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLScript {
        if element.attributes["src"] != nil {
            throw .unsupportedAttribute(name: "src", element: "script", at: element.location)
        }
        if let child = element.children.first {
            throw .misplacedElement(name: child.name, parent: "script", at: child.location)
        }
        if element.text.utf8.count > limits.maximumExpressionLength {
            throw .limitExceeded(.expressionLength, limit: limits.maximumExpressionLength, at: element.location)
        }
        do {
            return SCXMLScript(
                statements: try SCXMLScriptParser.parse(element.text), sourceLocation: element.location)
        } catch {
            throw .invalidExpression(
                attribute: "content", text: element.text.trimmingXMLWhitespace(), element: "script", error: error,
                at: element.location)
        }
    }

    func readIf(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLIf {
        try checkNoText(in: element)
        var conditional = SCXMLIf(
            branches: [
                SCXMLIf.Branch(
                    condition: try expression(try required("cond", of: element), attribute: "cond", of: element),
                    content: [], sourceLocation: element.location)
            ], sourceLocation: element.location)
        for child in element.children {
            try classify(child, parent: "if")
            switch child.name {
            case "elseif", "else":
                try checkAttributes(of: child)
                try checkNoText(in: child)
                if let nested = child.children.first {
                    throw .invalidStructure(
                        element: child.name,
                        reason: "must be empty; <\(nested.name)> belongs "
                            + "after it, inside <if>", at: nested.location)
                }
                guard conditional.elseContent == nil else {
                    throw .invalidStructure(element: child.name, reason: "comes after <else>", at: child.location)
                }
                if child.name == "else" {
                    conditional.elseContent = []
                } else {
                    conditional.branches.append(
                        SCXMLIf.Branch(
                            condition: try expression(try required("cond", of: child), attribute: "cond", of: child),
                            content: [], sourceLocation: child.location))
                }
            case _ where Self.executableContent.contains(child.name):
                let content = try readExecutable(child)
                if conditional.elseContent != nil {
                    conditional.elseContent?.append(content)
                } else {
                    conditional.branches[conditional.branches.count - 1].content.append(content)
                }
            default:
                throw .misplacedElement(name: child.name, parent: "if", at: child.location)
            }
        }
        return conditional
    }
}
