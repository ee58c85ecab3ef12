import Statecraft

/// Finds the transition of a probed `MachineDescription` that a definition's decision took, by the
/// labels of its source, event and target and whether it was an update.
struct DescribedTransitionLookup: Sendable {
    private struct Key: Hashable {
        let source: String, event: String, target: String, isUpdate: Bool
    }

    private let positions: [Key: Int]

    init(_ machine: MachineDescription) {
        var positions: [Key: Int] = [:]
        for (position, transition) in machine.transitions.enumerated() {
            guard let event = transition.event, let target = transition.targets.first else { continue }
            positions[
                Key(source: transition.source, event: event, target: target, isUpdate: transition.kind == .internal)] =
                position
        }
        self.positions = positions
    }

    /// The position of the transition from the state labelled `source` on the event labelled `event`
    /// to `target`, if the description has it.
    func position(source: String, event: String, target: String, isUpdate: Bool) -> Int? {
        positions[Key(source: source, event: event, target: target, isUpdate: isUpdate)]
    }
}
