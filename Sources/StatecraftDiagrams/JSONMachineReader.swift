import Statecraft

/// Builds a `MachineDescription` from a parsed JSON document, reporting the position of every problem.
struct JSONMachineReader {
    let file: String
    /// The deepest chain of `parent` links accepted.
    let maximumNestingDepth: Int
    /// Where each identifier-bearing field was found, to place validation errors.
    private var stateFields: [[String: TextLocation]] = []
    private var eventFields: [[String: TextLocation]] = []
    private var transitionFields: [[String: TextLocation]] = []
    private var transitionTargets: [[TextLocation]] = []
    private var targetIDs: [[String]] = []
    private var initialStateLocation = TextLocation(line: 1, column: 1)

    init(file: String, maximumNestingDepth: Int = JSONMachineFormat.defaultMaximumNestingDepth) {
        self.file = file
        self.maximumNestingDepth = maximumNestingDepth
    }

    private func invalid(_ location: TextLocation, _ problem: String) -> JSONMachineFormatError {
        .invalidMachine(file: file, location: location, problem: problem)
    }

    mutating func read(_ root: JSONNode) throws(JSONMachineFormatError) -> MachineDescription {
        // Format and version come first, so that a later version's new fields are reported as a version
        // this reader does not know rather than as unknown fields.
        let fields = try object(root, "the document", allowed: nil)
        let format = try requiredString(fields, "format", in: root, "the document")
        guard format.value == JSONMachineFormat.formatIdentifier else {
            throw invalid(
                format.location,
                "field 'format' is \"\(format.value)\"; expected \"\(JSONMachineFormat.formatIdentifier)\"")
        }
        guard let version = fields["version"] else {
            throw invalid(root.location, "the document has no 'version' field")
        }
        guard case .number(let number, let text) = version.value else {
            throw invalid(version.location, "field 'version' must be an integer, found \(version.kindDescription)")
        }
        guard number == number.rounded() else {
            throw invalid(version.location, "field 'version' must be an integer, found \(text)")
        }
        guard number == Double(JSONMachineFormat.currentVersion) else {
            throw .unsupportedVersion(file: file, location: version.location, version: text)
        }
        _ = try object(
            root, "the document",
            allowed: [
                "format", "version", "name", "initialState", "states", "events", "transitions",
            ])
        let name = try optionalString(fields, "name", "the document")
        let initial = try requiredString(fields, "initialState", in: root, "the document")
        initialStateLocation = initial.location
        var states: [StateDescription] = []
        for node in try array(fields, "states", in: root) { states.append(try readState(node)) }
        var events: [EventDescription] = []
        for node in try array(fields, "events", in: root) { events.append(try readEvent(node)) }
        var transitions: [TransitionDescription] = []
        for node in try array(fields, "transitions", in: root) { transitions.append(try readTransition(node)) }
        let description: MachineDescription
        do {
            description = try MachineDescription(
                name: name, states: states, initialState: initial.value,
                events: events, transitions: transitions)
        } catch {
            throw invalid(location(of: error, states: states, events: events), error.description)
        }
        try checkStatechartRules(states: states, events: events, transitions: transitions)
        return description
    }

    /// The rules of statecharts that `MachineDescription` does not check but every exporter and the SCXML
    /// conversion rely on, reported here with their line instead of later without one: ids are not empty, a
    /// history state is inside a compound or parallel state and has at most one default transition (eventless,
    /// with a target), no transition leaves a final state, and `parent` chains are at most
    /// ``maximumNestingDepth`` long.
    ///
    /// - Complexity: O(*s* + *t*) for *s* states and *t* transitions.
    private func checkStatechartRules(
        states: [StateDescription], events: [EventDescription], transitions: [TransitionDescription]
    ) throws(JSONMachineFormatError) {
        var kinds: [String: StateDescription.Kind] = [:]
        var depths: [String: Int] = [:]
        for (index, state) in states.enumerated() {
            kinds[state.id] = state.kind
            let fields = stateFields[index]
            // Parents are declared before their children, so the parent's depth is known.
            let depth = (state.parent.flatMap { depths[$0] } ?? 0) + 1
            depths[state.id] = depth
            if depth > maximumNestingDepth {
                throw invalid(
                    fields["parent"] ?? fields["id"] ?? initialStateLocation,
                    "state '\(state.id)' is nested \(depth) deep, more than the limit of "
                        + "\(maximumNestingDepth) (JSONMachineFormat.decode(_:file:maximumNestingDepth:))")
            }
            if state.id.isEmpty {
                throw invalid(fields["id"] ?? initialStateLocation, "state \(index) has an empty id")
            }
            if state.kind.isHistory, state.parent == nil {
                throw invalid(
                    fields["kind"] ?? fields["id"] ?? initialStateLocation,
                    "the history state '\(state.id)' has no parent; a history state belongs inside a "
                        + "compound or parallel state")
            }
        }
        for (index, event) in events.enumerated() where event.id.isEmpty {
            throw invalid(eventFields[index]["id"] ?? initialStateLocation, "event \(index) has an empty id")
        }
        var historyDefaults: Set<String> = []
        for (index, transition) in transitions.enumerated() {
            let at = transitionFields[index]["source"] ?? initialStateLocation
            switch kinds[transition.source] {
            case .final:
                throw invalid(
                    at,
                    "transition \(index) leaves the final state '\(transition.source)'; a final state "
                        + "has no outgoing transitions")
            case .shallowHistory, .deepHistory:
                guard transition.event == nil, transition.condition == nil, !transition.targets.isEmpty,
                    historyDefaults.insert(transition.source).inserted
                else {
                    throw invalid(
                        at,
                        "transition \(index) leaves the history state '\(transition.source)', which "
                            + "can only have one default transition, without event or condition, with targets")
                }
            default:
                break
            }
        }
    }

    // MARK: Items

    private mutating func readState(_ node: JSONNode) throws(JSONMachineFormatError) -> StateDescription {
        let context = "state \(stateFields.count)"
        let fields = try object(node, context, allowed: ["id", "label", "kind", "parent", "initialChild"])
        let id = try requiredString(fields, "id", in: node, context)
        let named = "state '\(id.value)'"
        var kind = StateDescription.Kind.atomic
        if let kindText = try optionalString(fields, "kind", named) {
            guard let parsed = StateDescription.Kind(rawValue: kindText) else {
                let allowed = StateDescription.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw invalid(
                    fields["kind"]?.location ?? node.location,
                    "\(named) has unknown kind '\(kindText)'; expected one of \(allowed)")
            }
            kind = parsed
        }
        stateFields.append(fields.mapValues(\.location))
        return StateDescription(
            id: id.value, label: try optionalString(fields, "label", named), kind: kind,
            parent: try optionalString(fields, "parent", named),
            initialChild: try optionalString(fields, "initialChild", named))
    }

    private mutating func readEvent(_ node: JSONNode) throws(JSONMachineFormatError) -> EventDescription {
        let context = "event \(eventFields.count)"
        let fields = try object(node, context, allowed: ["id", "label"])
        let id = try requiredString(fields, "id", in: node, context)
        eventFields.append(fields.mapValues(\.location))
        return EventDescription(id: id.value, label: try optionalString(fields, "label", "event '\(id.value)'"))
    }

    private mutating func readTransition(_ node: JSONNode) throws(JSONMachineFormatError) -> TransitionDescription {
        let context = "transition \(transitionFields.count)"
        let fields = try object(
            node, context,
            allowed: ["source", "event", "targets", "kind", "condition", "isConditionOpaque", "delay", "delayID"])
        let source = try requiredString(fields, "source", in: node, context)
        guard let targetsNode = fields["targets"] else {
            throw invalid(node.location, "\(context) has no 'targets' field (use [] for a targetless transition)")
        }
        guard case .array(let elements) = targetsNode.value else {
            throw invalid(
                targetsNode.location,
                "field 'targets' of \(context) must be an array of state ids, "
                    + "found \(targetsNode.kindDescription)")
        }
        var targets: [String] = []
        for element in elements {
            guard case .string(let target) = element.value else {
                throw invalid(
                    element.location,
                    "field 'targets' of \(context) must hold strings, "
                        + "found \(element.kindDescription)")
            }
            targets.append(target)
        }
        var kind = TransitionDescription.Kind.external
        if let kindText = try optionalString(fields, "kind", context) {
            guard let parsed = TransitionDescription.Kind(rawValue: kindText) else {
                throw invalid(
                    fields["kind"]?.location ?? node.location,
                    "\(context) has unknown kind '\(kindText)'; expected external or internal")
            }
            kind = parsed
        }
        transitionFields.append(fields.mapValues(\.location))
        transitionTargets.append(elements.map(\.location))
        targetIDs.append(targets)
        var delay: Duration?
        if let field = fields["delay"] {
            switch field.value {
            case .null: break
            case .number(let seconds, _) where seconds.isFinite && seconds >= 0 && seconds < Double(Int64.max):
                delay = .seconds(seconds)
            default:
                throw invalid(
                    field.location,
                    "field 'delay' of \(context) must be a non-negative number of seconds, found \(field.kindDescription)"
                )
            }
        }
        var isConditionOpaque = false
        if let field = fields["isConditionOpaque"] {
            switch field.value {
            case .null: break
            case .bool(let value): isConditionOpaque = value
            default:
                throw invalid(
                    field.location,
                    "field 'isConditionOpaque' of \(context) must be true or false, found \(field.kindDescription)")
            }
        }
        return TransitionDescription(
            source: source.value, event: try optionalString(fields, "event", context),
            targets: targets, kind: kind,
            condition: try optionalString(fields, "condition", context), isConditionOpaque: isConditionOpaque,
            delay: delay, delayID: try optionalString(fields, "delayID", context))
    }

    // MARK: Fields

    /// The fields of an object; when `allowed` is given, any other field is an error.
    private func object(_ node: JSONNode, _ context: String, allowed: Set<String>?)
        throws(JSONMachineFormatError) -> [String: JSONNode]
    {
        guard case .object(let members) = node.value else {
            throw invalid(node.location, "\(context) must be an object, found \(node.kindDescription)")
        }
        var fields: [String: JSONNode] = [:]
        for member in members {
            if let allowed, !allowed.contains(member.key) {
                let expected = allowed.sorted().joined(separator: ", ")
                throw invalid(member.keyLocation, "\(context) has unknown field '\(member.key)'; expected \(expected)")
            }
            fields[member.key] = member.value
        }
        return fields
    }

    private func requiredString(_ fields: [String: JSONNode], _ key: String, in node: JSONNode, _ context: String)
        throws(JSONMachineFormatError) -> (value: String, location: TextLocation)
    {
        guard let field = fields[key] else { throw invalid(node.location, "\(context) has no '\(key)' field") }
        guard case .string(let value) = field.value else {
            throw invalid(
                field.location, "field '\(key)' of \(context) must be a string, found \(field.kindDescription)")
        }
        return (value, field.location)
    }

    private func optionalString(_ fields: [String: JSONNode], _ key: String, _ context: String)
        throws(JSONMachineFormatError) -> String?
    {
        guard let field = fields[key] else { return nil }
        switch field.value {
        case .null: return nil
        case .string(let value): return value
        case .object, .array, .number, .bool:
            throw invalid(
                field.location, "field '\(key)' of \(context) must be a string, found \(field.kindDescription)")
        }
    }

    private func array(_ fields: [String: JSONNode], _ key: String, in node: JSONNode)
        throws(JSONMachineFormatError) -> [JSONNode]
    {
        guard let field = fields[key] else { throw invalid(node.location, "the document has no '\(key)' field") }
        guard case .array(let elements) = field.value else {
            throw invalid(field.location, "field '\(key)' must be an array, found \(field.kindDescription)")
        }
        return elements
    }

    // MARK: Locating validation errors

    private func location(of error: MachineDescriptionError, states: [StateDescription], events: [EventDescription])
        -> TextLocation
    {
        func stateField(_ id: String, _ field: String) -> TextLocation {
            guard let index = states.firstIndex(where: { $0.id == id }) else { return initialStateLocation }
            return stateFields[index][field] ?? stateFields[index]["id"] ?? initialStateLocation
        }
        switch error {
        case .duplicateState(let id):
            let indices = states.indices.filter { states[$0].id == id }
            return indices.count > 1 ? stateFields[indices[1]]["id"] ?? initialStateLocation : initialStateLocation
        case .unknownParent(let state, _), .parentCannotHaveChildren(let state, _, _):
            return stateField(state, "parent")
        case .unknownInitialChild(let state, _), .initialChildOnNonCompoundState(let state, _):
            return stateField(state, "initialChild")
        case .unknownInitialState:
            return initialStateLocation
        case .duplicateEvent(let id):
            let indices = events.indices.filter { events[$0].id == id }
            return indices.count > 1 ? eventFields[indices[1]]["id"] ?? initialStateLocation : initialStateLocation
        case .unknownSource(let transition, _):
            return transitionFields[transition]["source"] ?? initialStateLocation
        case .unknownEvent(let transition, _):
            return transitionFields[transition]["event"] ?? initialStateLocation
        case .unknownTarget(let transition, let target):
            let position = targetIDs[transition].firstIndex(of: target)
            return position.map { transitionTargets[transition][$0] } ?? initialStateLocation
        }
    }
}
