/// Turns an ``SCXMLXMLElement`` tree into an ``SCXMLDocument``, checking element names, placement, attributes
/// and expressions. Structural rules that need the whole document are ``SCXMLDocumentValidator``'s.
struct SCXMLElementReader {
    /// The SCXML namespace URI.
    static let namespace = "http://www.w3.org/2005/07/scxml"

    /// SCXML elements that Statecraft rejects because it does not implement them yet.
    static let unsupportedElements: Set<String> = [
        "finalize"
    ]

    /// The SCXML elements Statecraft reads.
    static let supportedElements: Set<String> = [
        "scxml", "state", "parallel", "final", "initial", "history", "transition", "onentry", "onexit",
        "raise", "send", "cancel", "log", "if", "elseif", "else", "assign", "datamodel", "data", "donedata",
        "content", "param", "foreach", "script", "invoke",
    ]

    /// The attributes each supported element may carry (attributes with a namespace prefix are ignored).
    static let attributes: [String: Set<String>] = [
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
    ].merging(invokeAttributes) { current, _ in current }

    static let executableContent: Set<String> = [
        "raise", "send", "cancel", "log", "if", "assign", "foreach", "script",
    ]

    let limits: SCXMLLimits
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
                    "datamodel", "invoke",
                ]
            case .parallel:
                ["onentry", "onexit", "transition", "state", "parallel", "history", "datamodel", "invoke"]
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
            case "invoke": node.invokes.append(try readInvoke(child))
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

    func readTransition(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLTransitionNode {
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

    func readDatamodel(_ element: SCXMLXMLElement) throws(SCXMLError) -> [SCXMLDataNode] {
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

    func readData(_ element: SCXMLXMLElement) throws(SCXMLError) -> SCXMLDataNode {
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
}
