/// Turns an ``SCXMLXMLElement`` tree into an ``SCXMLDocument``, checking element names, placement, attributes
/// and expressions. Structural rules that need the whole document are ``SCXMLDocumentValidator``'s.
struct SCXMLElementReader {
    /// The SCXML namespace URI.
    static let namespace = "http://www.w3.org/2005/07/scxml"

    /// SCXML elements that Statecraft rejects because it does not implement them yet.
    static let unsupportedElements: Set<String> = [
        "invoke", "finalize",
    ]

    /// The SCXML elements Statecraft reads.
    static let supportedElements: Set<String> = [
        "scxml", "state", "parallel", "final", "initial", "history", "transition", "onentry", "onexit",
        "raise", "send", "cancel", "log", "if", "elseif", "else", "assign", "datamodel", "data", "donedata",
        "content", "param", "foreach", "script",
    ]

    /// The attributes each supported element may carry (attributes with a namespace prefix are ignored).
    private static let attributes: [String: Set<String>] = [
        "scxml": ["initial", "name", "version", "datamodel", "binding"],
        "state": ["id", "initial"],
        "parallel": ["id"],
        "final": ["id"],
        "initial": [],
        "history": ["id", "type"],
        "transition": ["event", "cond", "target", "type"],
        "onentry": [], "onexit": [], "else": [], "datamodel": [],
        "raise": ["event"],
        "send": [
            "event", "eventexpr", "target", "targetexpr", "type", "typeexpr", "id", "idlocation", "delay",
            "delayexpr", "namelist",
        ],
        "cancel": ["sendid", "sendidexpr"],
        "log": ["label", "expr"],
        "if": ["cond"], "elseif": ["cond"],
        "assign": ["location", "expr"],
        "data": ["id", "expr", "src"],
        "donedata": [], "content": ["expr"], "param": ["name", "expr", "location"],
        "foreach": ["array", "item", "index"], "script": ["src"],
    ]

    private static let executableContent: Set<String> = [
        "raise", "send", "cancel", "log", "if", "assign", "foreach", "script",
    ]

    private let limits: SCXMLLimits
    private var explicitIDs: Set<String> = []
    private var generatedCount = 0

    /// Reads a document from its root element.
    ///
    /// - Parameters:
    ///   - root: the root element; it must be `<scxml>`.
    ///   - limits: the limits; this reader enforces ``SCXMLLimits/maximumExpressionLength``.
    /// - Returns: the document, with generated ids for anonymous states.
    /// - Throws: ``SCXMLError`` for the first problem found, in document order.
    /// - Complexity: O(*n*) in the number of elements and the length of their expressions.
    static func read(_ root: SCXMLXMLElement, limits: SCXMLLimits = .default) throws(SCXMLError) -> SCXMLDocument {
        var reader = SCXMLElementReader(limits: limits)
        reader.collectIDs(root)
        return try reader.readDocument(root)
    }

    private mutating func collectIDs(_ element: SCXMLXMLElement) {
        if ["state", "parallel", "final", "history"].contains(element.name), let id = element.attributes["id"] {
            explicitIDs.insert(id)
        }
        element.children.forEach { collectIDs($0) }
    }

    private mutating func generateID() -> String {
        while true {
            generatedCount += 1
            let candidate = "__state.\(generatedCount)"
            if !explicitIDs.contains(candidate) {
                return candidate
            }
        }
    }

    // MARK: - Elements

    private mutating func readDocument(_ root: SCXMLXMLElement) throws(SCXMLError) -> SCXMLDocument {
        guard root.name == "scxml", isSCXMLNamespace(root.namespaceURI) else {
            try classify(root, parent: "document")
            throw .misplacedElement(name: root.qualifiedName, parent: "document", at: root.location)
        }
        try checkAttributes(of: root)
        try checkNoText(in: root)
        var document = SCXMLDocument(sourceLocation: root.location)
        document.name = root.attributes["name"]
        if let version = root.attributes["version"], Double(version) != 1 {
            throw .invalidAttributeValue(
                name: "version", value: version, element: "scxml",
                reason: "only SCXML version 1.0 exists", at: root.location)
        }
        if let initial = root.attributes["initial"] {
            document.initial = try idList(initial, attribute: "initial", of: root)
        }
        if let datamodel = root.attributes["datamodel"] {
            guard let kind = SCXMLDocument.DatamodelKind(rawValue: datamodel) else {
                throw .unsupportedDatamodel(name: datamodel, at: root.location)
            }
            document.datamodel = kind
        }
        if let binding = root.attributes["binding"] {
            document.binding = try enumValue(binding, attribute: "binding", of: root)
        }
        for child in root.children {
            try classify(child, parent: "scxml")
            switch child.name {
            case "state", "parallel", "final": document.states.append(try readState(child))
            case "datamodel": document.data += try readDatamodel(child)
            case "script": document.scripts.append(try readScript(child))
            default: throw .misplacedElement(name: child.name, parent: "scxml", at: child.location)
            }
        }
        return document
    }

    private mutating func readState(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLStateNode {
        try checkAttributes(of: element)
        try checkNoText(in: element)
        let kind: SCXMLStateNode.Kind
        switch element.name {
        case "state": kind = .state
        case "parallel": kind = .parallel
        case "final": kind = .final
        case "history":
            if let type = element.attributes["type"] {
                kind = .history(try enumValue(type, attribute: "type", of: element))
            } else {
                kind = .history(.shallow)
            }
        default: kind = .initial
        }
        let explicitID = element.attributes["id"]
        var node = SCXMLStateNode(
            kind: kind, id: explicitID ?? generateID(), hasGeneratedID: explicitID == nil,
            sourceLocation: element.location)
        if let id = explicitID, id.isEmpty || id.contains(where: \.isXMLWhitespace) {
            throw .invalidAttributeValue(
                name: "id", value: id, element: element.name,
                reason: "an id must be a non-empty name without spaces", at: element.location)
        }
        if let initial = element.attributes["initial"] {
            node.initial = try idList(initial, attribute: "initial", of: element)
        }
        let allowedChildren: Set<String> =
            switch kind {
            case .state:
                [
                    "onentry", "onexit", "transition", "initial", "state", "parallel", "final", "history",
                    "datamodel",
                ]
            case .parallel: ["onentry", "onexit", "transition", "state", "parallel", "history", "datamodel"]
            case .final: ["onentry", "onexit", "donedata"]
            case .history, .initial: ["transition"]
            }
        var datamodelCount = 0
        for child in element.children {
            try classify(child, parent: element.name)
            guard allowedChildren.contains(child.name) else {
                throw .misplacedElement(name: child.name, parent: element.name, at: child.location)
            }
            switch child.name {
            case "onentry": node.onEntry.append(try readBlock(child))
            case "onexit": node.onExit.append(try readBlock(child))
            case "transition": node.transitions.append(try readTransition(child))
            case "donedata":
                guard node.doneData == nil else {
                    throw .invalidStructure(
                        element: "final", reason: "has more than one <donedata>", at: child.location)
                }
                node.doneData = try readEventData(child, namelist: [])
            case "datamodel":
                datamodelCount += 1
                if datamodelCount > 1 {
                    throw .invalidStructure(
                        element: element.name, reason: "has more than one <datamodel>",
                        at: child.location)
                }
                node.data += try readDatamodel(child)
            default: node.children.append(try readState(child))
            }
        }
        if node.isPseudoState, node.transitions.count != 1 {
            throw .invalidStructure(
                element: element.name, reason: "must contain exactly one <transition>",
                at: element.location)
        }
        return node
    }

    private func readTransition(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLTransitionNode {
        try checkAttributes(of: element)
        var transition = SCXMLTransitionNode(sourceLocation: element.location)
        if let event = element.attributes["event"] {
            transition.events = SCXMLEventDescriptor.list(from: event)
            if transition.events.isEmpty {
                throw .invalidAttributeValue(
                    name: "event", value: event, element: "transition",
                    reason: "the event list is empty; leave the attribute out for an "
                        + "eventless transition", at: element.location)
            }
        }
        if let cond = element.attributes["cond"] {
            transition.condition = try expression(cond, attribute: "cond", of: element)
        }
        if let target = element.attributes["target"] {
            transition.targets = try idList(target, attribute: "target", of: element)
        }
        if let type = element.attributes["type"] {
            transition.type = try enumValue(type, attribute: "type", of: element)
        }
        transition.content = try readBlock(element)
        return transition
    }

    private func readDatamodel(_ element: SCXMLXMLElement) throws(SCXMLError) -> [SCXMLDataNode] {
        try checkAttributes(of: element)
        try checkNoText(in: element)
        var data: [SCXMLDataNode] = []
        for child in element.children {
            try classify(child, parent: "datamodel")
            guard child.name == "data" else {
                throw .misplacedElement(name: child.name, parent: "datamodel", at: child.location)
            }
            data.append(try readData(child))
        }
        return data
    }

    private func readData(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLDataNode {
        try checkAttributes(of: element)
        if let child = element.children.first {
            throw .unsupportedElement(name: "\(child.qualifiedName) (inline XML data)", at: child.location)
        }
        let id = try required("id", of: element)
        let inline = element.text.trimmingXMLWhitespace()
        var node = SCXMLDataNode(id: id, sourceLocation: element.location)
        if let expr = element.attributes["expr"] {
            guard inline.isEmpty else {
                throw .invalidStructure(
                    element: "data", reason: "'\(id)' has both an 'expr' attribute and content",
                    at: element.location)
            }
            node.expression = try expression(expr, attribute: "expr", of: element)
        } else if !inline.isEmpty {
            node.expression = try inlineValue(inline, of: element, constantsOnly: false)
        }
        if let src = element.attributes["src"] {
            guard node.expression == nil else {
                throw .invalidStructure(
                    element: "data", reason: "'\(id)' has both a 'src' attribute and a value", at: element.location)
            }
            node.source = src
            switch SCXMLDataSource.read(src, relativeTo: element.location.file, limit: limits.maximumDocumentSize) {
            case .success(let text):
                node.expression = try inlineValue(text.trimmingXMLWhitespace(), of: element, constantsOnly: false)
            case .failure(let reason):
                // SCXML §5.3: a value that cannot be fetched is error.execution when the data is bound.
                node.sourceError = reason.message
            }
        }
        return node
    }

    // MARK: - Executable content

    private func readBlock(_ element: SCXMLXMLElement) throws(SCXMLError) -> [SCXMLExecutableContent] {
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

    private func readExecutable(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLExecutableContent {
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

    private func readSend(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLSend {
        let at = element.location
        guard
            let event = try pair(
                "event", "eventexpr", of: element,
                literal: { text throws(SCXMLError) in
                    try eventName(text, of: element)
                })
        else {
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
    private func readEventData(
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
    private func inlineValue(
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

    private func readForeach(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLForeach {
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

    private func readScript(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLScript {
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

    private func readIf(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLIf {
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

    // MARK: - Checks

    private func isSCXMLNamespace(_ uri: String) -> Bool {
        uri == Self.namespace || uri.isEmpty
    }

    /// Throws for unsupported and unknown elements, so that only known SCXML elements remain to be placed.
    private func classify(_ element: SCXMLXMLElement, parent: String) throws(SCXMLError) {
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

    private func checkAttributes(of element: SCXMLXMLElement) throws(SCXMLError) {
        let allowed = Self.attributes[element.name] ?? []
        for name in element.attributes.keys.sorted() where !name.contains(":") && !allowed.contains(name) {
            throw .unknownAttribute(name: name, element: element.name, at: element.location)
        }
    }

    private func checkNoText(in element: SCXMLXMLElement) throws(SCXMLError) {
        if element.text.contains(where: { !$0.isXMLWhitespace }) {
            throw .unexpectedText(element: element.name, at: element.location)
        }
    }

    private func required(_ name: String, of element: SCXMLXMLElement) throws(SCXMLError) -> String {
        guard let value = element.attributes[name] else {
            throw .missingAttribute(name: name, element: element.name, at: element.location)
        }
        return value
    }

    private func enumValue<Value: RawRepresentable & CaseIterable>(
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

    private func idList(
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

    private func eventName(_ text: String, of element: SCXMLXMLElement) throws(SCXMLError) -> String {
        guard !text.isEmpty, !text.contains(where: \.isXMLWhitespace), !text.hasPrefix("."), !text.hasSuffix(".") else {
            throw .invalidAttributeValue(
                name: "event", value: text, element: element.name,
                reason: "an event name is a non-empty, dot-separated name without spaces",
                at: element.location)
        }
        return text
    }

    private func expression(
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

    private func variableName(
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
    private func locationText(_ text: String, of element: SCXMLXMLElement) throws(SCXMLError) -> String {
        let parsed = try expression(text, attribute: "location", of: element)
        guard parsed.isLocation else {
            throw .invalidExpression(
                attribute: "location", text: text, element: element.name,
                error: .invalidLocation(text), at: element.location)
        }
        return text
    }

    /// Reads an attribute pair such as `event`/`eventexpr`: at most one may be present.
    private func pair<Literal>(
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
