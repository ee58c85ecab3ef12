extension MachineDescription {
    /// Checks that every identifier the description refers to exists.
    ///
    /// - Throws: ``MachineDescriptionError`` naming the first inconsistency.
    /// - Complexity: O(*s* · *d* + *e* + *t* · *k*) (see ``init(name:states:initialState:events:transitions:)``).
    func validate() throws(MachineDescriptionError) {
        var kinds: [String: StateDescription.Kind] = [:]
        var parents: [String: String] = [:]
        for state in states {
            guard kinds[state.id] == nil else { throw .duplicateState(id: state.id) }
            if let parent = state.parent {
                guard let parentKind = kinds[parent] else {
                    throw .unknownParent(state: state.id, parent: parent)
                }
                guard parentKind.canHaveChildren else {
                    throw .parentCannotHaveChildren(state: state.id, parent: parent, kind: parentKind)
                }
                parents[state.id] = parent
            }
            kinds[state.id] = state.kind
        }
        for state in states {
            guard let child = state.initialChild else { continue }
            guard state.kind == .compound else {
                throw .initialChildOnNonCompoundState(state: state.id, kind: state.kind)
            }
            guard Self.isDescendant(child, of: state.id, parents: parents) else {
                throw .unknownInitialChild(state: state.id, child: child)
            }
        }
        guard kinds[initialState] != nil else { throw .unknownInitialState(id: initialState) }

        var eventIDs: Set<String> = []
        for event in events {
            guard eventIDs.insert(event.id).inserted else { throw .duplicateEvent(id: event.id) }
        }
        for (index, transition) in transitions.enumerated() {
            guard kinds[transition.source] != nil else {
                throw .unknownSource(transition: index, source: transition.source)
            }
            if let event = transition.event, !eventIDs.contains(event) {
                throw .unknownEvent(transition: index, event: event)
            }
            for target in transition.targets where kinds[target] == nil {
                throw .unknownTarget(transition: index, target: target)
            }
        }
    }

    /// Whether `id` is a proper descendant of `ancestor`, following `parents`.
    ///
    /// - Complexity: O(*d*) for nesting depth *d*.
    private static func isDescendant(_ id: String, of ancestor: String, parents: [String: String]) -> Bool {
        var current = parents[id]
        while let parent = current {
            if parent == ancestor { return true }
            current = parents[parent]
        }
        return false
    }
}
