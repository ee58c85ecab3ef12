import StatecraftSCXML

extension SCXMLExplorationModel {
    /// The subject the validation rules read: the space, the document's source locations, SCXML's
    /// event-descriptor matching for triggers (`error.*` matches `error.execution`), and the expressions
    /// the data model cannot evaluate (`SCXMLDocument.unevaluableExpressions()`).
    ///
    /// - Parameter space: A space this model explored.
    /// - Returns: The subject.
    public func validationSubject(of space: StateSpace) -> ValidationSubject {
        var descriptors: [[SCXMLEventDescriptor]] = []
        var nodes: [String: SCXMLStateNode] = [:]
        for node in document.allStates where node.kind != .initial { nodes[node.id] = node }
        var taken: [String: Int] = [:]
        for transition in space.machine.transitions {
            let index = taken[transition.source, default: 0]
            taken[transition.source] = index + 1
            let node = nodes[transition.source]
            descriptors.append(node.flatMap { index < $0.transitions.count ? $0.transitions[index].events : nil } ?? [])
        }
        let triggers = descriptors
        var subject = ValidationSubject(space: space, locations: sourceLocations) { transition, event in
            SCXMLEventDescriptor.any(triggers[transition], matches: event)
        }
        subject.unevaluableExpressions = document.unevaluableExpressions().map { problem in
            let at = problem.sourceLocation
            return UnevaluableExpressionRule.Occurrence(
                attribute: problem.attribute, reason: problem.reason,
                location: at.line > 0 ? SourceLocations.Location(file: at.file, line: at.line, column: at.column) : nil)
        }
        return subject
    }
}
