import Statecraft

extension SCXMLDocument {
    /// Describes the document's structure for diagrams and other tools that read a `MachineDescription`.
    ///
    /// ```swift
    /// let document = try SCXMLParser.parse(contentsOf: url)
    /// let dot = DOTExporter().export(try document.machineDescription())   // StatecraftDiagrams
    /// ```
    ///
    /// States keep their document order (parents before children) and their ids; `<state>` elements with
    /// child states are compound, the others atomic; `<parallel>`, `<final>` and `<history type="shallow|deep">`
    /// keep their kinds. An `initial` attribute or `<initial>` element becomes the state's initial child (its
    /// first target), the document's `initial` attribute (or its first child state) the initial state; the
    /// `<initial>` pseudo-states themselves are not listed. Each `<transition>` becomes one transition: its
    /// event descriptor list (`"error.send *"`) is its event, absent for an eventless transition; its `cond`
    /// expression is the condition label, except that `statecraft.guard('hasItems')` (``SCXMLOpaqueGuard``)
    /// becomes the opaque condition `hasItems`; `type="internal"` makes it internal; a history state's
    /// default transition is an eventless transition from the history state. A transition on an event
    /// that its state's `<onentry>` sends with a literal `delay` and `id` that its `<onexit>` cancels —
    /// SCXML's idiom for a delayed transition — carries that delay and id.
    ///
    /// - Returns: The description.
    /// - Throws: `MachineDescriptionError` when the document was built in code with an id that
    ///   refers to nothing (a parsed document has been validated and always converts).
    /// - Complexity: O(*n*) in the number of elements, plus the description's validation.
    public func machineDescription() throws(MachineDescriptionError) -> MachineDescription {
        var states: [StateDescription] = []
        var events: [EventDescription] = []
        var eventIDs: Set<String> = []
        var transitions: [TransitionDescription] = []

        func visit(_ node: SCXMLStateNode, parent: String?) {
            let kind: StateDescription.Kind
            switch node.kind {
            case .initial: return
            case .state: kind = node.children.contains { $0.kind != .initial } ? .compound : .atomic
            case .parallel: kind = .parallel
            case .final: kind = .final
            case .history(.shallow): kind = .shallowHistory
            case .history(.deep): kind = .deepHistory
            }
            let initialChild =
                kind == .compound
                ? (node.initial.first ?? node.initialChild?.transitions.first?.targets.first)
                : nil
            states.append(StateDescription(id: node.id, kind: kind, parent: parent, initialChild: initialChild))
            let timers = Self.timers(of: node)
            for transition in node.transitions {
                var event: String?
                if !transition.events.isEmpty {
                    let trigger = transition.events.map(\.value).joined(separator: " ")
                    if eventIDs.insert(trigger).inserted { events.append(EventDescription(id: trigger)) }
                    event = trigger
                }
                let opaqueGuard = transition.condition.flatMap(SCXMLOpaqueGuard.name(in:))
                transitions.append(
                    TransitionDescription(
                        source: node.id, event: event, targets: transition.targets,
                        kind: transition.type == .internal ? .internal : .external,
                        condition: opaqueGuard ?? transition.condition.map { String(describing: $0) },
                        isConditionOpaque: opaqueGuard != nil, delay: event.flatMap { timers[$0]?.delay },
                        delayID: event.flatMap { timers[$0]?.id }))
            }
            for child in node.children { visit(child, parent: node.id) }
        }

        for state in self.states { visit(state, parent: nil) }
        let initial = initial.first ?? self.states.first { !$0.isPseudoState }?.id ?? ""
        return try MachineDescription(
            name: name, states: states, initialState: initial, events: events,
            transitions: transitions)
    }

    /// The delayed events of a state, by event name: what its `<onentry>` sends with a literal event, delay
    /// and id that its `<onexit>` cancels.
    private static func timers(of node: SCXMLStateNode) -> [String: (delay: Duration, id: String)] {
        var cancelled: Set<String> = []
        for case .cancel(let cancel) in node.onExit.joined() {
            if case .literal(let id) = cancel.sendID { cancelled.insert(id) }
        }
        var timers: [String: (delay: Duration, id: String)] = [:]
        for case .send(let send) in node.onEntry.joined() {
            guard send.target == nil, case .literal(let event)? = send.event, case .literal(let delay)? = send.delay,
                case .literal(let id)? = send.id, cancelled.contains(id), timers[event] == nil
            else { continue }
            timers[event] = (delay, id)
        }
        return timers
    }
}
