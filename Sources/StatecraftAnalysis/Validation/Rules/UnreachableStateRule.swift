/// `unreachable-state`: a state no event sequence from the start enters.
///
/// History pseudo-states are never active and are left to ``UnrecordedHistoryRule``; final states of
/// parallel regions are left to ``UnreachedFinalStateRule``.
public struct UnreachableStateRule: ValidationRule {
    public let id = "unreachable-state"
    public let summary = "states that no event sequence from the start enters"
    public let needsCompleteSpace = true

    /// Creates the rule.
    public init() {}

    public func findings(in subject: ValidationSubject) -> [ValidationFinding] {
        let reached = subject.space.enteredStates
        return subject.space.machine.states.compactMap { state in
            guard !state.kind.isHistory, !reached.contains(state.id),
                !UnreachedFinalStateRule.isFinalOfRegion(state.id, in: subject)
            else { return nil }
            return ValidationFinding(
                rule: id, severity: .warning,
                message: "state '\(state.id)' is unreachable: no event sequence from the start enters it",
                state: state.id, location: subject.locations.states[state.id])
        }
    }
}
