import Statecraft

/// Which transitions of a description a run took and which it missed (see ``TransitionCoverage``).
public struct TransitionCoverageReport: Sendable, Hashable {
    /// The description.
    public let machine: MachineDescription
    /// How many times each transition was taken, by position in ``machine``'s transitions.
    public let counts: [Int]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - machine: The description.
    ///   - counts: How many times each transition was taken.
    public init(machine: MachineDescription, counts: [Int]) {
        self.machine = machine
        self.counts = counts
    }

    /// The positions of the transitions taken at least once.
    public var taken: [Int] { counts.indices.filter { counts[$0] > 0 } }
    /// The transitions never taken, described.
    public var missed: [TransitionDescription] {
        counts.indices.filter { counts[$0] == 0 }.map { machine.transitions[$0] }
    }
    /// The share of transitions taken, from 0 to 1 (1 for a machine without transitions).
    public var fraction: Double { counts.isEmpty ? 1 : Double(taken.count) / Double(counts.count) }

    /// One line per missed transition, `source --event--> targets`, for a test's failure message.
    public var missedDescription: String {
        missed.map { transition in
            let targets = transition.targets.isEmpty ? "(targetless)" : transition.targets.joined(separator: " ")
            return "\(transition.source) --\(transition.event ?? "eventless")--> \(targets)"
        }.joined(separator: "\n")
    }
}
