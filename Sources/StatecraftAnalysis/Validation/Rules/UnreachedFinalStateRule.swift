/// `unreached-final`: a final state of a parallel state's region that is never entered, so the parallel
/// state can never be done (no `done.state` event).
public struct UnreachedFinalStateRule: ValidationRule {
    public let id = "unreached-final"
    public let summary = "final states of parallel regions never reached: the parallel state is never done"
    public let needsCompleteSpace = true

    /// Creates the rule.
    public init() {}

    /// Whether `state` is a final state whose parent is a region of a parallel state.
    static func isFinalOfRegion(_ state: String, in subject: ValidationSubject) -> Bool {
        guard subject.kinds[state] == .final, let region = subject.parents[state],
            let parallel = subject.parents[region]
        else { return false }
        return subject.kinds[parallel] == .parallel
    }

    public func findings(in subject: ValidationSubject) -> [ValidationFinding] {
        let reached = subject.space.enteredStates
        return subject.space.machine.states.compactMap { state in
            guard Self.isFinalOfRegion(state.id, in: subject), !reached.contains(state.id),
                let region = state.parent, let parallel = subject.parents[region]
            else { return nil }
            return ValidationFinding(
                rule: id, severity: .warning,
                message: "final state '\(state.id)' of region '\(region)' is never reached: "
                    + "parallel state '\(parallel)' can never be done",
                state: state.id, location: subject.locations.states[state.id])
        }
    }
}
