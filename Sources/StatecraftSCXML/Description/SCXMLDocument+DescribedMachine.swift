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
    /// states, initial children and transitions, and no executable content beyond the timers of delayed
    /// transitions:
    ///
    /// - Atomic and compound states become `<state>`, with `initial` naming the initial child; parallel,
    ///   final and history states keep their kinds. A history state's eventless transition (its default)
    ///   becomes its `<transition>`; without one the default is the parent's initial child.
    /// - Ids that are not XML names (`loaded(3)`, `2fast`) are rewritten into ones (`loaded_3_`, `_2fast`),
    ///   unique in the document; an event label that is not a list of SCXML event descriptors
    ///   (`select(id: 3)`) becomes one descriptor (`select_id__3_`); a list with `*` becomes `*`, which the
    ///   schema accepts only on its own.
    /// - An opaque condition (a Swift guard's name, `TransitionDescription.isConditionOpaque`) becomes
    ///   `cond="statecraft.guard('hasItems')"` (``SCXMLOpaqueGuard``), which validation treats as "may be
    ///   true or false". Any other condition label is kept when it parses as an SCXML expression
    ///   (`timer > 0`, `In('busy')`) and is written as an opaque guard otherwise. With any condition the data
    ///   model is `ecmascript`, otherwise `null`.
    /// - A delayed transition (`TransitionDescription.delay`) is SCXML's idiom for it: its source's
    ///   `<onentry>` sends the event with the delay and the timer's id (`<send event="timeout" delay="30s"
    ///   id="statecraft.after.paused.timeout"/>`), its `<onexit>` cancels that id, and the transition listens
    ///   to the event. The id is the description's `delayID` (made an XML name, unique in the document), or
    ///   `statecraft.after.<state>.<event>`.
    ///
    /// - Parameter description: the description.
    /// - Throws: ``SCXMLError/invalidStructure(element:reason:at:)`` for what SCXML cannot express: a final
    ///   state with outgoing transitions, a history state at the top level, or a history state with an
    ///   event-triggered transition or several transitions; otherwise whatever ``SCXMLDocumentValidator``
    ///   reports.
    /// - Complexity: O(*s* + *t*) for *s* states and *t* transitions.
    public init(describing description: MachineDescription) throws(SCXMLError) {
        var names = SCXMLDescriptionNames()
        for state in description.states {
            names.assign(state.id)
        }
        // Indexes built once, so that each state finds its transitions and children in O(1).
        let outgoingBySource = Dictionary(grouping: description.transitions, by: \.source)
        let childrenByParent = Dictionary(grouping: description.states, by: \.parent)
        let stateByID = Dictionary(description.states.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func children(of id: String?) -> [StateDescription] { childrenByParent[id] ?? [] }
        var usesConditions = false
        func transitionNode(_ transition: TransitionDescription) -> SCXMLTransitionNode {
            var condition: SCXMLExpression?
            if let label = transition.condition {
                usesConditions = true
                let parsed = transition.isConditionOpaque ? nil : try? SCXMLExpression.parse(label)
                condition = parsed ?? SCXMLOpaqueGuard.condition(named: label)
            }
            return SCXMLTransitionNode(
                events: transition.event.map(SCXMLDescriptionNames.descriptors) ?? [], condition: condition,
                targets: transition.targets.map(names.name), type: transition.kind == .internal ? .internal : .external)
        }
        // The timers of delayed transitions, once the states have their names: ids share the document's
        // namespace of XML ids.
        var timers: [String: (sends: [SCXMLExecutableContent], cancels: [SCXMLExecutableContent])] = [:]
        for transition in description.transitions {
            guard let delay = transition.delay, let event = transition.event,
                let name = SCXMLDescriptionNames.descriptors(event).first?.value
            else { continue }
            let id = transition.delayID ?? "statecraft.after.\(transition.source).\(event)"
            names.assign(id)
            let sendID = names.name(id)
            timers[transition.source, default: ([], [])].sends.append(
                .send(SCXMLSend(event: .literal(name), delay: .literal(delay), id: .literal(sendID))))
            timers[transition.source, default: ([], [])].cancels.append(
                .cancel(SCXMLCancel(sendID: .literal(sendID))))
        }
        func node(_ state: StateDescription) throws(SCXMLError) -> SCXMLStateNode {
            let outgoing = outgoingBySource[state.id] ?? []
            let timer = timers[state.id]
            var childNodes: [SCXMLStateNode] = []
            for child in children(of: state.id) {
                childNodes.append(try node(child))
            }
            let id = names.name(state.id)
            switch state.kind {
            case .atomic, .compound:
                return SCXMLStateNode(
                    kind: .state, id: id, initial: state.initialChild.map { [names.name($0)] } ?? [],
                    children: childNodes, transitions: outgoing.map(transitionNode),
                    onEntry: timer.map { [$0.sends] } ?? [], onExit: timer.map { [$0.cancels] } ?? [])
            case .parallel:
                return SCXMLStateNode(
                    kind: .parallel, id: id, children: childNodes, transitions: outgoing.map(transitionNode),
                    onEntry: timer.map { [$0.sends] } ?? [], onExit: timer.map { [$0.cancels] } ?? [])
            case .final:
                guard outgoing.isEmpty else {
                    throw .invalidStructure(
                        element: "final", reason: "the final state '\(state.id)' cannot have transitions", at: .unknown)
                }
                return SCXMLStateNode(kind: .final, id: id)
            case .shallowHistory, .deepHistory:
                guard let parentID = state.parent, let parent = stateByID[parentID] else {
                    throw .invalidStructure(
                        element: "history", reason: "the history state '\(state.id)' must have a parent", at: .unknown)
                }
                guard outgoing.count <= 1, outgoing.allSatisfy({ $0.event == nil && !$0.targets.isEmpty }) else {
                    throw .invalidStructure(
                        element: "history",
                        reason: "the history state '\(state.id)' needs one eventless default "
                            + "transition", at: .unknown)
                }
                var defaultTransition = outgoing.first.map(transitionNode)
                if defaultTransition == nil {
                    let fallback =
                        parent.initialChild
                        ?? children(of: parentID).first { !$0.kind.isHistory }?.id
                    if let fallback { defaultTransition = SCXMLTransitionNode(targets: [names.name(fallback)]) }
                }
                return SCXMLStateNode(
                    kind: .history(state.kind == .deepHistory ? .deep : .shallow), id: id,
                    transitions: defaultTransition.map { [$0] } ?? [])
            }
        }
        var states: [SCXMLStateNode] = []
        for state in children(of: nil) {
            states.append(try node(state))
        }
        self.init(
            name: description.name.map(SCXMLDescriptionNames.token), initial: [names.name(description.initialState)],
            datamodel: usesConditions ? .ecmascript : .null, states: states)
        try SCXMLDocumentValidator.validate(self)
    }
}
