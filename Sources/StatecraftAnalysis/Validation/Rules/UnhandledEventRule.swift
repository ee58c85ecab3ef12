/// `unhandled-event`: an event of the alphabet that no reachable configuration handles — neither sent
/// from outside nor raised by the machine itself.
public struct UnhandledEventRule: ValidationRule {
    public let id = "unhandled-event"
    public let summary = "events that no reachable configuration handles"
    public let needsCompleteSpace = true

    /// Creates the rule.
    public init() {}

    public func findings(in subject: ValidationSubject) -> [ValidationFinding] {
        let handled = Set(subject.space.edges.map(\.eventIndex))
        let taken = subject.space.takenTransitions
        return subject.space.events.enumerated().compactMap { index, event in
            // Handled from outside, or raised and taken by a transition listening to it.
            guard !handled.contains(index),
                !taken.contains(where: {
                    subject.space.machine.transitions[$0].event != nil && subject.triggerMatches($0, event)
                })
            else { return nil }
            let listening = subject.space.machine.transitions.indices.first { subject.triggerMatches($0, event) }
            return ValidationFinding(
                rule: id, severity: .warning,
                message: "event '\(event)' is never handled: no reachable configuration takes a transition on it",
                transition: listening, event: event, location: listening.flatMap { subject.locations.transitions[$0] })
        }
    }
}
