import Statecraft
import Testing

@Suite("Machine description")
struct MachineDescriptionTests {
    static func make(
        states: [StateDescription] = [StateDescription(id: "a"), StateDescription(id: "b")],
        initial: String = "a", events: [EventDescription] = [EventDescription(id: "go")],
        transitions: [TransitionDescription] = []
    ) throws(MachineDescriptionError) -> MachineDescription {
        try MachineDescription(states: states, initialState: initial, events: events, transitions: transitions)
    }

    @Test func aConsistentDescriptionKeepsItsOrder() throws {
        let description = try Self.make(transitions: [TransitionDescription(source: "b", event: "go", target: "a")])
        #expect(description.states.map(\.id) == ["a", "b"])
        #expect(description.state(withID: "b")?.label == "b")
        #expect(description.children(of: nil).count == 2)
        #expect(description.isHierarchical == false)
    }

    @Test func duplicateAndUnknownIdentifiersAreNamed() {
        #expect(throws: MachineDescriptionError.duplicateState(id: "a")) {
            try Self.make(states: [StateDescription(id: "a"), StateDescription(id: "a")])
        }
        #expect(throws: MachineDescriptionError.unknownInitialState(id: "z")) { try Self.make(initial: "z") }
        #expect(throws: MachineDescriptionError.duplicateEvent(id: "go")) {
            try Self.make(events: [EventDescription(id: "go"), EventDescription(id: "go")])
        }
        #expect(throws: MachineDescriptionError.unknownSource(transition: 0, source: "q")) {
            try Self.make(transitions: [TransitionDescription(source: "q", event: "go", target: "a")])
        }
        #expect(throws: MachineDescriptionError.unknownEvent(transition: 1, event: "stop")) {
            try Self.make(transitions: [
                TransitionDescription(source: "a", event: nil, target: "b"),
                TransitionDescription(source: "a", event: "stop", target: "b"),
            ])
        }
        #expect(throws: MachineDescriptionError.unknownTarget(transition: 0, target: "c")) {
            try Self.make(transitions: [TransitionDescription(source: "a", event: "go", targets: ["b", "c"])])
        }
    }

    @Test func hierarchyMustBeDeclaredParentFirstUnderContainers() {
        #expect(throws: MachineDescriptionError.unknownParent(state: "a", parent: "b")) {
            try Self.make(states: [StateDescription(id: "a", parent: "b"), StateDescription(id: "b", kind: .compound)])
        }
        #expect(throws: MachineDescriptionError.parentCannotHaveChildren(state: "b", parent: "a", kind: .final)) {
            try Self.make(states: [StateDescription(id: "a", kind: .final), StateDescription(id: "b", parent: "a")])
        }
        #expect(throws: MachineDescriptionError.unknownInitialChild(state: "a", child: "c")) {
            try Self.make(states: [
                StateDescription(id: "a", kind: .compound, initialChild: "c"),
                StateDescription(id: "b", parent: "a"), StateDescription(id: "c"),
            ])
        }
        #expect(throws: MachineDescriptionError.initialChildOnNonCompoundState(state: "a", kind: .parallel)) {
            try Self.make(states: [
                StateDescription(id: "a", kind: .parallel, initialChild: "b"),
                StateDescription(id: "b", parent: "a"),
            ])
        }
    }

    @Test func errorDescriptionsNameTheOffender() {
        #expect(
            MachineDescriptionError.unknownTarget(transition: 3, target: "Dnoe").description
                == "transition 3 targets 'Dnoe', which is not a declared state")
        #expect(
            MachineDescriptionError.parentCannotHaveChildren(state: "x", parent: "h", kind: .deepHistory).description
                == "state 'x' names parent 'h', but a deepHistory state cannot have children")
    }

    @Test func deepInitialChildIsAccepted() throws {
        let description = try Self.make(states: [
            StateDescription(id: "a", kind: .compound, initialChild: "c"),
            StateDescription(id: "b", kind: .compound, parent: "a"),
            StateDescription(id: "c", parent: "b"),
        ])
        #expect(description.isHierarchical)
        #expect(description.children(of: "a").map(\.id) == ["b"])
    }
}
