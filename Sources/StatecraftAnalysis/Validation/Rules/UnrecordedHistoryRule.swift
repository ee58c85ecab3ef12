/// `unrecorded-history`: a history state that never records anything, because its parent is never
/// exited — entering it always takes its default transition.
public struct UnrecordedHistoryRule: ValidationRule {
    public let id = "unrecorded-history"
    public let summary = "history states whose parent is never exited, so they never record"
    public let needsCompleteSpace = true

    /// Creates the rule.
    public init() {}

    public func findings(in subject: ValidationSubject) -> [ValidationFinding] {
        var recorded: Set<String> = []
        for configuration in subject.space.configurations { recorded.formUnion(configuration.history.keys) }
        return subject.space.machine.states.compactMap { state in
            guard state.kind.isHistory, !recorded.contains(state.id) else { return nil }
            let parent = state.parent.map { "'\($0)'" } ?? "its parent"
            return ValidationFinding(
                rule: id, severity: .warning,
                message: "history state '\(state.id)' never records: \(parent) is never exited after being entered",
                state: state.id, location: subject.locations.states[state.id])
        }
    }
}
