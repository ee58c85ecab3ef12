extension Statechart {
    /// Describes the chart's structure — every state with its kind, parent and initial child, every
    /// transition with its trigger, targets and kind — for diagrams and other tools that read a
    /// ``MachineDescription``.
    ///
    /// ```swift
    /// let dot = DOTExporter().export(player.machineDescription(name: "Player"))   // StatecraftDiagrams
    /// ```
    ///
    /// The description is read from the chart's tables; nothing runs. States keep document order. A state's
    /// identifier is `String(describing:)` of its `StateID` (made unique with `#2`, `#3`… if two print the
    /// same) and its label is its ``DiagramLabeled/diagramLabel`` when the `StateID` type adopts
    /// ``DiagramLabeled``, otherwise that same text. A transition's event is its trigger's label (`play`,
    /// `done.state.active`, `error.execution`). A guarded transition's condition is its guard's name
    /// (``NamedChartGuard``), or `guard1`, `guard2`… in document order for unnamed guards (skipping names a
    /// named guard uses), and is marked ``TransitionDescription/isConditionOpaque``: tools see the name, not
    /// the code. A delayed transition (``AfterDelay``) carries its ``TransitionDescription/delay`` and timer
    /// ``TransitionDescription/delayID``. A history state's default transition is an eventless transition
    /// from it. When the chart starts in several states at once (regions of a parallel state), the first
    /// is the description's initial state.
    ///
    /// - Parameter name: An optional name for the machine.
    /// - Returns: The description.
    /// - Complexity: O(*n* · *d*) in the number of states and transitions and the depth of the chart.
    public func machineDescription(name: String? = nil) -> MachineDescription {
        let tables = tables
        var identifiers: [String] = ["(root)"]
        var used: Set<String> = []
        for index in 1..<tables.count {
            guard let id = tables.ids[index] else {
                preconditionFailure("Internal inconsistency: chart state \(index) has no identifier")
            }
            var text = String(describing: id)
            var suffix = 2
            while used.contains(text) {
                text = "\(String(describing: id))#\(suffix)"
                suffix += 1
            }
            used.insert(text)
            identifiers.append(text)
        }
        func initialTargets(of index: Int) -> [Int] {
            let transition = tables.initialTransitions[index]
            return transition >= 0 ? tables.transitions[transition].targets : []
        }

        let namedGuards = Set(tables.annotations.compactMap(\.guardName))
        var unnamedGuards = 0
        func unnamedGuardName() -> String {
            var name: String
            repeat {
                unnamedGuards += 1
                name = "guard\(unnamedGuards)"
            } while namedGuards.contains(name)
            return name
        }

        var states: [StateDescription] = []
        var events: [EventDescription] = []
        var eventIDs: Set<String> = []
        var transitions: [TransitionDescription] = []
        for index in 1..<tables.count {
            let kind: StateDescription.Kind
            switch tables.kinds[index] {
            case .root, .atomic: kind = .atomic
            case .compound: kind = .compound
            case .parallel: kind = .parallel
            case .final: kind = .final
            case .history(.shallow): kind = .shallowHistory
            case .history(.deep): kind = .deepHistory
            }
            let id = identifiers[index]
            let label = tables.ids[index].map { ($0 as? any DiagramLabeled)?.diagramLabel ?? id } ?? id
            let parent = tables.parents[index]
            states.append(
                StateDescription(
                    id: id, label: label, kind: kind, parent: parent == 0 ? nil : identifiers[parent],
                    initialChild: kind == .compound ? initialTargets(of: index).first.map { identifiers[$0] } : nil))

            for position in tables.transitionRanges[index] {
                let transition = tables.transitions[position]
                let annotation = tables.annotations[position]
                let event = transition.trigger?.label
                if let event, eventIDs.insert(event).inserted { events.append(EventDescription(id: event)) }
                let condition = transition.guardCondition.map { _ in annotation.guardName ?? unnamedGuardName() }
                transitions.append(
                    TransitionDescription(
                        source: id, event: event, targets: transition.targets.map { identifiers[$0] },
                        kind: transition.isInternal ? .internal : .external, condition: condition,
                        isConditionOpaque: condition != nil, delay: annotation.delay?.duration,
                        delayID: annotation.delay?.id))
            }
            if kind.isHistory {
                transitions.append(
                    TransitionDescription(
                        source: id, event: nil, targets: initialTargets(of: index).map { identifiers[$0] }))
            }
        }
        let initial = initialTargets(of: 0).first.map { identifiers[$0] } ?? identifiers[1]
        do {
            return try MachineDescription(
                name: name, states: states, initialState: initial, events: events,
                transitions: transitions)
        } catch {
            preconditionFailure("Internal inconsistency: a validated chart gave an invalid description: \(error)")
        }
    }
}

extension StateMachine {
    /// Describes the chart this machine runs (see ``Statechart/machineDescription(name:)``); the machine itself is
    /// not touched.
    ///
    /// - Parameter name: An optional name for the machine.
    /// - Returns: The description.
    /// - Complexity: O(*n* · *d*) in the number of states and transitions and the depth of the chart.
    public func machineDescription<StateID, Event, Context>(name: String? = nil) -> MachineDescription
    where Definition == Statechart<StateID, Event, Context> {
        definition.machineDescription(name: name)
    }
}
