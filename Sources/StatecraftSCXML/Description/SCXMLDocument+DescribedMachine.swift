import Statecraft

extension SCXMLDocument {
    /// The SCXML document of a machine description — of a chart, an SCXML document, a JSON machine file or a
    /// flat machine — for ``SCXMLExporter`` to write as schema-valid SCXML.
    ///
    /// ```swift
    /// let description = chart.machineDescription()
    /// let text = SCXMLExporter().export(try SCXMLDocument(describing: description))
    /// ```
    ///
    /// A description holds structure and labels, not behaviour, so the document has states, history
    /// states, initial children and transitions but no executable content:
    ///
    /// - Atomic and compound states become `<state>`, with `initial` naming the initial child; parallel,
    ///   final and history states keep their kinds. A history state's eventless transition (its default)
    ///   becomes its `<transition>`; without one the default is the parent's initial child.
    /// - Ids that are not XML names (`loaded(3)`, `2fast`) are rewritten into ones (`loaded_3_`, `_2fast`),
    ///   unique in the document; an event label that is not a list of SCXML event descriptors
    ///   (`select(id: 3)`) becomes one descriptor (`select_id__3_`); a list with `*` becomes `*`, which the
    ///   schema accepts only on its own.
    /// - A condition label that parses as an SCXML expression (`timer > 0`, `In('busy')`) is kept; any other
    ///   label (`guarded`, the label of a Swift guard) becomes a variable name spelled like it, so
    ///   `cond="guarded"` marks the transition as guarded. With any condition the data model is
    ///   `ecmascript`, otherwise `null`.
    ///
    /// - Parameter description: the description.
    /// - Throws: ``SCXMLError/invalidStructure(element:reason:at:)`` for what SCXML cannot express: a final
    ///   state with outgoing transitions, a history state at the top level, or a history state with an
    ///   event-triggered transition or several transitions; otherwise whatever ``SCXMLDocumentValidator``
    ///   reports.
    /// - Complexity: O(*s* × *t*) for *s* states and *t* transitions.
    public init(describing description: MachineDescription) throws(SCXMLError) {
        var names = SCXMLDescriptionNames()
        for state in description.states {
            names.assign(state.id)
        }
        var usesConditions = false
        func transitionNode(_ transition: TransitionDescription) -> SCXMLTransitionNode {
            var condition: SCXMLExpression?
            if let label = transition.condition {
                usesConditions = true
                condition = (try? SCXMLExpression.parse(label)) ?? .variable(SCXMLDescriptionNames.variable(label))
            }
            return SCXMLTransitionNode(
                events: transition.event.map(SCXMLDescriptionNames.descriptors) ?? [], condition: condition,
                targets: transition.targets.map(names.name), type: transition.kind == .internal ? .internal : .external)
        }
        func node(_ state: StateDescription) throws(SCXMLError) -> SCXMLStateNode {
            let outgoing = description.transitions.filter { $0.source == state.id }
            var children: [SCXMLStateNode] = []
            for child in description.children(of: state.id) {
                children.append(try node(child))
            }
            let id = names.name(state.id)
            switch state.kind {
            case .atomic, .compound:
                return SCXMLStateNode(
                    kind: .state, id: id, initial: state.initialChild.map { [names.name($0)] } ?? [],
                    children: children, transitions: outgoing.map(transitionNode))
            case .parallel:
                return SCXMLStateNode(kind: .parallel, id: id, children: children, transitions: outgoing.map(transitionNode))
            case .final:
                guard outgoing.isEmpty else {
                    throw .invalidStructure(
                        element: "final", reason: "the final state '\(state.id)' cannot have transitions", at: .unknown)
                }
                return SCXMLStateNode(kind: .final, id: id)
            case .shallowHistory, .deepHistory:
                guard let parentID = state.parent, let parent = description.state(withID: parentID) else {
                    throw .invalidStructure(
                        element: "history", reason: "the history state '\(state.id)' must have a parent", at: .unknown)
                }
                guard outgoing.count <= 1, outgoing.allSatisfy({ $0.event == nil && !$0.targets.isEmpty }) else {
                    throw .invalidStructure(
                        element: "history", reason: "the history state '\(state.id)' needs one eventless default "
                            + "transition", at: .unknown)
                }
                var defaultTransition = outgoing.first.map(transitionNode)
                if defaultTransition == nil {
                    let fallback = parent.initialChild
                        ?? description.children(of: parentID).first { !$0.kind.isHistory }?.id
                    if let fallback { defaultTransition = SCXMLTransitionNode(targets: [names.name(fallback)]) }
                }
                return SCXMLStateNode(
                    kind: .history(state.kind == .deepHistory ? .deep : .shallow), id: id,
                    transitions: defaultTransition.map { [$0] } ?? [])
            }
        }
        var states: [SCXMLStateNode] = []
        for state in description.children(of: nil) {
            states.append(try node(state))
        }
        self.init(
            name: description.name.map(SCXMLDescriptionNames.token), initial: [names.name(description.initialState)],
            datamodel: usesConditions ? .ecmascript : .null, states: states)
        try SCXMLDocumentValidator.validate(self)
    }
}

/// The XML names a description's ids become in SCXML: kept when they are valid, rewritten otherwise,
/// unique in the document.
struct SCXMLDescriptionNames {
    private var names: [String: String] = [:]
    private var used: Set<String> = []

    /// Chooses the name of an id: the id itself when it is an XML name (NCName) nobody uses yet,
    /// otherwise a rewritten one with a numeric suffix when needed.
    mutating func assign(_ id: String) {
        guard names[id] == nil else { return }
        let base = Self.identifier(id)
        var candidate = base
        var suffix = 2
        while used.contains(candidate) {
            candidate = "\(base)_\(suffix)"
            suffix += 1
        }
        used.insert(candidate)
        names[id] = candidate
    }

    /// The name chosen for an id (the rewritten id for one never assigned).
    func name(_ id: String) -> String {
        names[id] ?? Self.identifier(id)
    }

    /// An XML name (NCName) spelled like `text`: characters other than letters, digits, `.`, `-` and `_`
    /// become `_`, and `_` goes in front of one that does not start with a letter or `_`.
    static func identifier(_ text: String) -> String {
        var result = String(text.unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar)
                ? Character(scalar) : "_"
        })
        if let first = result.unicodeScalars.first, first.properties.isAlphabetic || first == "_" {
            return result
        }
        result.insert("_", at: result.startIndex)
        return result
    }

    /// An NMTOKEN spelled like `text` (for the document's `name`): characters other than letters, digits,
    /// `.`, `-`, `_` and `:` become `_`.
    static func token(_ text: String) -> String {
        let token = String(text.unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-:".unicodeScalars.contains(scalar)
                ? Character(scalar) : "_"
        })
        return token.isEmpty ? "_" : token
    }

    /// A variable name of the expression language spelled like `text`: letters, digits and `_`.
    static func variable(_ text: String) -> String {
        let name = String(identifier(text).map { $0 == "." || $0 == "-" ? "_" : $0 })
        return name
    }

    /// The event descriptors of an event label: the label's own descriptors when it is a list of valid
    /// ones (`error.send foo.*`; `*` alone when the list has it), otherwise one descriptor spelled like the
    /// label.
    static func descriptors(_ label: String) -> [SCXMLEventDescriptor] {
        let tokens = label.split(whereSeparator: \.isXMLWhitespace).map(String.init)
        if !tokens.isEmpty, tokens.allSatisfy(isDescriptor) {
            // `*` matches every event, and the schema's pattern accepts it only on its own.
            return tokens.contains("*") ? [.wildcard] : tokens.map(SCXMLEventDescriptor.init)
        }
        var single = identifier(label).split(separator: ".", omittingEmptySubsequences: true).joined(separator: ".")
        if single.isEmpty { single = "_" }
        return [SCXMLEventDescriptor(single)]
    }

    /// Whether a token matches the schema's descriptor pattern: `*`, or dot-separated non-empty parts of
    /// letters, digits, `_`, `:` and `-`, optionally ending in `.*`.
    private static func isDescriptor(_ token: String) -> Bool {
        if token == "*" { return true }
        let body = token.hasSuffix(".*") ? String(token.dropLast(2)) : token
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_:-".unicodeScalars.contains(scalar)
            }
        }
    }
}
