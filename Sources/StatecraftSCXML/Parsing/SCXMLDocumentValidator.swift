/// Checks the structural rules of SCXML that span elements: unique ids, existing targets, valid initial states
/// and well-formed history and initial pseudo-states.
///
/// ``SCXMLParser`` runs it on every parsed document; run it yourself on documents built in code before
/// exporting them.
///
/// ```swift
/// try SCXMLDocumentValidator.validate(document)
/// ```
public enum SCXMLDocumentValidator {
    /// Validates a document.
    ///
    /// - Parameters:
    ///   - document: the document.
    ///   - limits: the structural limits checked first (``SCXMLDocument/checkLimits(_:)``).
    /// - Throws: ``SCXMLError/limitExceeded(_:limit:at:)``, ``SCXMLError/duplicateID(_:at:firstAt:)``,
    ///   ``SCXMLError/unknownTarget(_:at:)``,
    ///   ``SCXMLError/invalidInitial(state:reason:at:)`` or ``SCXMLError/invalidStructure(element:reason:at:)``
    ///   for the first problem in document order.
    /// - Complexity: O(*s* · *d*) for *s* states nested *d* deep, plus the size of the executable content.
    public static func validate(_ document: SCXMLDocument, limits: SCXMLLimits = .default) throws(SCXMLError) {
        try document.checkLimits(limits)
        var index = Index()
        for state in document.states {
            try index.add(state, ancestors: [])
        }
        var dataIDs: [String: SCXMLSourceLocation] = [:]
        for data in document.allData {
            if SCXMLExpressionEnvironment.systemVariables.contains(data.id) {
                throw .invalidAttributeValue(
                    name: "id", value: data.id, element: "data",
                    reason: "it names a system variable, which only the processor binds (SCXML §5.10)",
                    at: data.sourceLocation)
            }
            if let other = index.locations[data.id] ?? dataIDs[data.id] {
                // Report the later of the two elements, whichever kind it is.
                let dataIsLater = (other.line, other.column) <= (data.sourceLocation.line, data.sourceLocation.column)
                throw dataIsLater
                    ? .duplicateID(data.id, at: data.sourceLocation, firstAt: other)
                    : .duplicateID(data.id, at: other, firstAt: data.sourceLocation)
            }
            dataIDs[data.id] = data.sourceLocation
        }
        if document.datamodel == .null, let data = document.allData.first {
            throw .invalidStructure(
                element: "data",
                reason: "the null data model has no variables; declare "
                    + "datamodel=\"ecmascript\" on <scxml> to use '\(data.id)'",
                at: data.sourceLocation)
        }
        for id in document.initial where index.ancestors[id] == nil {
            throw .invalidInitial(state: "scxml", reason: "no state has the id '\(id)'", at: document.sourceLocation)
        }
        if document.states.allSatisfy(\.isPseudoState) {
            throw .invalidStructure(element: "scxml", reason: "has no states", at: document.sourceLocation)
        }
        for state in document.states {
            try validate(state, parent: nil, index: index, datamodel: document.datamodel)
        }
    }

    /// Ids of every state and the ids of its ancestors, innermost first.
    private struct Index {
        var ancestors: [String: [String]] = [:]
        var locations: [String: SCXMLSourceLocation] = [:]

        mutating func add(_ state: SCXMLStateNode, ancestors: [String]) throws(SCXMLError) {
            if let first = locations[state.id] {
                throw .duplicateID(state.id, at: state.sourceLocation, firstAt: first)
            }
            locations[state.id] = state.sourceLocation
            self.ancestors[state.id] = ancestors
            for child in state.children {
                try add(child, ancestors: [state.id] + ancestors)
            }
        }

        func isDescendant(_ id: String, of ancestor: String) -> Bool {
            ancestors[id]?.contains(ancestor) ?? false
        }
    }

    private static func validate(
        _ state: SCXMLStateNode, parent: SCXMLStateNode?, index: Index, datamodel: SCXMLDocument.DatamodelKind
    ) throws(SCXMLError) {
        let at = state.sourceLocation
        for transition in state.transitions {
            for target in transition.targets where index.ancestors[target] == nil {
                throw .unknownTarget(target, at: transition.sourceLocation)
            }
            try validate(transition.content, datamodel: datamodel)
        }
        for block in state.onEntry + state.onExit {
            try validate(block, datamodel: datamodel)
        }
        switch state.kind {
        case .state:
            let initialChildren = state.children.filter { $0.kind == .initial }
            if !state.initial.isEmpty || !initialChildren.isEmpty {
                guard state.isCompound else {
                    throw .invalidInitial(state: state.id, reason: "an atomic state has no initial state", at: at)
                }
            }
            if !state.initial.isEmpty, let element = initialChildren.first {
                throw .invalidInitial(
                    state: state.id,
                    reason: "has both an 'initial' attribute and an <initial> "
                        + "element", at: element.sourceLocation)
            }
            if initialChildren.count > 1 {
                throw .invalidInitial(
                    state: state.id, reason: "has more than one <initial> element",
                    at: initialChildren[1].sourceLocation)
            }
            for id in state.initial {
                guard index.ancestors[id] != nil else {
                    throw .invalidInitial(state: state.id, reason: "no state has the id '\(id)'", at: at)
                }
                guard index.isDescendant(id, of: state.id) else {
                    throw .invalidInitial(
                        state: state.id, reason: "'\(id)' is not a descendant of '\(state.id)'",
                        at: at)
                }
            }
        case .parallel:
            if !state.initial.isEmpty {
                throw .invalidInitial(state: state.id, reason: "a <parallel> enters all its children", at: at)
            }
        case .final:
            if !state.children.isEmpty || !state.transitions.isEmpty || !state.initial.isEmpty {
                throw .invalidStructure(
                    element: "final",
                    reason: "'\(state.id)' cannot have child states or "
                        + "transitions", at: at)
            }
        case .history(let type):
            guard let parent, parent.kind == .state || parent.kind == .parallel else {
                throw .invalidStructure(
                    element: "history",
                    reason: "'\(state.id)' must be inside a <state> or "
                        + "<parallel>", at: at)
            }
            try validateDefaultTransition(of: state, element: "history", at: at)
            for target in state.transitions.flatMap(\.targets) {
                let isValid =
                    type == .shallow
                    ? index.ancestors[target]?.first == parent.id
                    : index.isDescendant(target, of: parent.id)
                guard isValid else {
                    throw .invalidStructure(
                        element: "history",
                        reason: "the default target '\(target)' of "
                            + "'\(state.id)' must be a \(type == .shallow ? "child" : "descendant")"
                            + " of '\(parent.id)'", at: at)
                }
            }
        case .initial:
            guard let parent, parent.isCompound else {
                throw .invalidInitial(
                    state: parent?.id ?? "scxml", reason: "<initial> belongs in a compound state",
                    at: at)
            }
            try validateDefaultTransition(of: state, element: "initial", at: at)
            for target in state.transitions.flatMap(\.targets) where !index.isDescendant(target, of: parent.id) {
                throw .invalidInitial(
                    state: parent.id,
                    reason: "the <initial> target '\(target)' is not a "
                        + "descendant of '\(parent.id)'", at: at)
            }
        }
        for child in state.children {
            try validate(child, parent: state, index: index, datamodel: datamodel)
        }
    }

    private static func validateDefaultTransition(
        of state: SCXMLStateNode, element: String, at: SCXMLSourceLocation
    ) throws(SCXMLError) {
        guard state.transitions.count == 1, let transition = state.transitions.first else {
            throw .invalidStructure(element: element, reason: "must contain exactly one <transition>", at: at)
        }
        guard transition.events.isEmpty, transition.condition == nil else {
            throw .invalidStructure(
                element: element, reason: "its <transition> cannot have 'event' or 'cond'",
                at: transition.sourceLocation)
        }
        guard !transition.targets.isEmpty else {
            throw .invalidStructure(
                element: element, reason: "its <transition> needs a 'target'",
                at: transition.sourceLocation)
        }
    }

    private static func validate(
        _ block: [SCXMLExecutableContent], datamodel: SCXMLDocument.DatamodelKind
    ) throws(SCXMLError) {
        for content in block {
            switch content {
            case .assign(let assign) where datamodel == .null:
                throw .invalidStructure(
                    element: "assign",
                    reason: "the null data model has no location "
                        + "'\(assign.location)'; declare datamodel=\"ecmascript\" on <scxml>",
                    at: assign.sourceLocation)
            case .if(let conditional):
                for branch in conditional.branches {
                    try validate(branch.content, datamodel: datamodel)
                }
                try validate(conditional.elseContent ?? [], datamodel: datamodel)
            case .foreach(let foreach):
                for (attribute, name) in [("item", foreach.item), ("index", foreach.index)]
                where name.map(SCXMLExpressionEnvironment.systemVariables.contains) == true {
                    throw .invalidAttributeValue(
                        name: attribute, value: name ?? "", element: "foreach",
                        reason: "it names a system variable, which only the processor binds (SCXML §5.10)",
                        at: foreach.sourceLocation)
                }
                try validate(foreach.content, datamodel: datamodel)
            default:
                break
            }
        }
    }
}
