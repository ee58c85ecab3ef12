extension MachineDefinition where State: CaseIterable, Event: CaseIterable {
    /// Describes the machine by asking ``decide(state:event:)`` about every state–event pair.
    ///
    /// Only the pure decision is consulted: no transition block, action, hook or observer runs. States and
    /// events keep their declaration order (`allCases`) and are labelled by ``DiagramLabel/of(_:)``.
    ///
    /// ```swift
    /// let dot = DOTExporter().export(schema.machineDescription())
    /// ```
    ///
    /// - Parameter name: An optional name for the machine.
    /// - Returns: The description.
    /// - Complexity: O(*s* · *e*) decisions for *s* states and *e* events.
    public func machineDescription(name: String? = nil) -> MachineDescription {
        machineDescription(states: Array(State.allCases), events: Array(Event.allCases), name: name)
    }
}

extension MachineDefinition {
    /// Describes the machine by asking ``decide(state:event:)`` about sample states and events, for types
    /// whose cases carry payloads.
    ///
    /// Every sample state (and the initial state) is asked about every sample event. A target whose label
    /// is new is added as a state and asked in turn, so supplying one sample per event case is often
    /// enough. Values with the same label are one state (or event) of the description. Only the pure
    /// decision is consulted: no transition block, action, hook or observer runs. A decision of kind
    /// ``TransitionKind/update`` becomes an ``TransitionDescription/Kind-swift.enum/internal`` transition.
    ///
    /// ```swift
    /// let description = LoadableDefinition<[Int]>().machineDescription(
    ///     states: [.loading, .data([1]), .failure(SampleError()), .empty],
    ///     events: [.load, .succeed([1]), .fail(SampleError()), .empty, .reload])
    /// ```
    ///
    /// - Parameters:
    ///   - states: Sample states, in the order the description should list them.
    ///   - events: Sample events, in the order the description should list them.
    ///   - name: An optional name for the machine.
    ///   - maximumStates: Discovery of new targets stops once the description has this many states, so that
    ///     labels that include a growing payload cannot make probing run forever.
    /// - Returns: The description.
    /// - Complexity: O(*s* · *e*) decisions for *s* states (samples and discovered) and *e* events.
    public func machineDescription(
        states: [State], events: [Event], name: String? = nil, maximumStates: Int = 1_000
    ) -> MachineDescription {
        var probe = DefinitionProbe<Self>(definition: self, events: events, maximumStates: maximumStates)
        return probe.describe(samples: states, name: name)
    }
}

extension StateMachine {
    /// Describes this machine's definition (see ``MachineDefinition/machineDescription(name:)``); the
    /// machine itself is not touched.
    ///
    /// - Parameter name: An optional name for the machine.
    /// - Returns: The description.
    /// - Complexity: O(*s* · *e*) decisions for *s* states and *e* events.
    public func machineDescription(name: String? = nil) -> MachineDescription
    where Definition.State: CaseIterable, Definition.Event: CaseIterable {
        definition.machineDescription(name: name)
    }
}

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
                    transitions.append(TransitionDescription(source: source, event: event.id, target: target,
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
