/// `shadowed-transition`: a transition that is never taken because, whenever its event arrives in its
/// source state, an earlier transition of that state in document order (or one of a descendant state,
/// which comes first) takes the event.
public struct ShadowedTransitionRule: ValidationRule {
    public let id = "shadowed-transition"
    public let summary = "transitions never taken because an earlier one always takes their event"
    public let needsCompleteSpace = true

    /// Creates the rule.
    public init() {}

    public func findings(in subject: ValidationSubject) -> [ValidationFinding] {
        TransitionPreemption.analyse(subject).compactMap { preemption in
            var shadowing: [Int] = []
            for cause in preemption.causes {
                guard case .shadowed(let by) = cause else { return nil }
                if !shadowing.contains(by) { shadowing.append(by) }
            }
            let transition = subject.space.machine.transitions[preemption.transition]
            let others = shadowing.map { other in
                subject.describe(transition: other)
                    + (subject.locations.transitions[other].map { " (line \($0.line))" } ?? "")
            }.joined(separator: " or ")
            return ValidationFinding(
                rule: id, severity: .warning,
                message: "transition \(subject.describe(transition: preemption.transition)) is never taken: whenever "
                    + "'\(transition.event ?? "")' arrives in '\(transition.source)', \(others) takes it first",
                state: transition.source, transition: preemption.transition, event: transition.event,
                location: subject.locations.transitions[preemption.transition])
        }
    }
}
