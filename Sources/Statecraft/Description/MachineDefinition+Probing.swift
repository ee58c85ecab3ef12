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
    /// ``TransitionKind/update`` becomes an ``ChartTransitionKind/internal`` transition.
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
