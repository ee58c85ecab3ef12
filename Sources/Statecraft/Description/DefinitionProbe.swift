/// Explores a definition's decisions from sample states and events.
struct DefinitionProbe<Definition: MachineDefinition> {
    private struct TransitionKey: Hashable {
        let source: String, event: String, target: String, kind: TransitionDescription.Kind
    }

    let definition: Definition
    let events: [Event]
    let maximumStates: Int

    typealias Event = (value: Definition.Event, id: String)

    private var stateIDs: [String] = []
    private var knownStates: Set<String> = []
    private var transitions: [TransitionDescription] = []
    private var knownTransitions: Set<TransitionKey> = []

    init(definition: Definition, events: [Definition.Event], maximumStates: Int) {
        self.definition = definition
        self.events = events.map { ($0, DiagramLabel.of($0)) }
        self.maximumStates = maximumStates
    }

    /// Probes every sample, the initial state, and every newly labelled target.
    mutating func describe(samples: [Definition.State], name: String?) -> MachineDescription {
        var pending = samples
        let initialID = DiagramLabel.of(definition.initialState)
        if !samples.contains(where: { DiagramLabel.of($0) == initialID }) {
            pending.insert(definition.initialState, at: 0)
        }
        for sample in pending { register(DiagramLabel.of(sample)) }
        var index = 0
        while index < pending.count {
            let state = pending[index]
            index += 1
            let source = DiagramLabel.of(state)
            for event in events {
                guard let decision = definition.decide(state: state, event: event.value) else { continue }
                let target = DiagramLabel.of(decision.target)
                if !knownStates.contains(target) {
                    register(target)
                    if stateIDs.count <= maximumStates { pending.append(decision.target) }
                }
                let kind: TransitionDescription.Kind = decision.kind == .update ? .internal : .external
                let key = TransitionKey(source: source, event: event.id, target: target, kind: kind)
                if knownTransitions.insert(key).inserted {
                    transitions.append(
                        TransitionDescription(
                            source: source, event: event.id, target: target,
                            kind: kind))
                }
            }
        }
        var eventIDs: [String] = []
        for event in events where !eventIDs.contains(event.id) { eventIDs.append(event.id) }
        // Group by source in state order; ties keep probing order.
        let position = Dictionary(uniqueKeysWithValues: stateIDs.enumerated().map { ($1, $0) })
        let ordered = transitions.enumerated().sorted {
            (position[$0.element.source, default: 0], $0.offset) < (position[$1.element.source, default: 0], $1.offset)
        }.map(\.element)
        do {
            return try MachineDescription(
                name: name, states: stateIDs.map { StateDescription(id: $0) }, initialState: initialID,
                events: eventIDs.map { EventDescription(id: $0) }, transitions: ordered)
        } catch {
            preconditionFailure("Internal inconsistency: a probed description is invalid: \(error)")
        }
    }

    private mutating func register(_ id: String) {
        if knownStates.insert(id).inserted { stateIDs.append(id) }
    }
}
