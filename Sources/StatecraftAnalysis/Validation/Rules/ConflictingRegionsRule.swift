/// `conflicting-regions`: a transition in one region of a parallel state that is never taken because,
/// whenever its event arrives, a transition of another region that leaves the parallel state's region
/// takes it — the two always conflict, and document order always picks the other.
public struct ConflictingRegionsRule: ValidationRule {
    public let id = "conflicting-regions"
    public let summary = "transitions of parallel regions that always lose a conflict with another region"
    public let needsCompleteSpace = true

    /// Creates the rule.
    public init() {}

    public func findings(in subject: ValidationSubject) -> [ValidationFinding] {
        TransitionPreemption.analyse(subject).compactMap { preemption in
            var winners: [Int] = []
            var parallel = ""
            var hasConflict = false
            for cause in preemption.causes {
                switch cause {
                case .unexplained:
                    return nil
                case .shadowed(let by):
                    if !winners.contains(by) { winners.append(by) }
                case .conflict(let with, let ancestor):
                    hasConflict = true
                    parallel = ancestor
                    if !winners.contains(with) { winners.append(with) }
                }
            }
            guard hasConflict else { return nil }
            let transition = subject.space.machine.transitions[preemption.transition]
            let others = winners.map(subject.describe(transition:)).joined(separator: " or ")
            return ValidationFinding(
                rule: id, severity: .warning,
                message: "transition \(subject.describe(transition: preemption.transition)) in parallel state "
                    + "'\(parallel)' is never taken: whenever '\(transition.event ?? "")' arrives, it conflicts with "
                    + "\(others) in another region, which is taken instead",
                state: transition.source, transition: preemption.transition, event: transition.event,
                location: subject.locations.transitions[preemption.transition])
        }
    }
}
