/// `trap-state`: a configuration that is not final and from which no event sequence changes the active
/// states — the machine is stuck there (its data may still change).
public struct TrapStateRule: ValidationRule {
    public let id = "trap-state"
    public let summary = "non-final configurations that no event sequence leaves"
    public let needsCompleteSpace = true

    /// Creates the rule.
    public init() {}

    public func findings(in subject: ValidationSubject) -> [ValidationFinding] {
        let space = subject.space
        // Backwards from every configuration that is final or has a step changing the active states.
        var canLeave = Array(repeating: false, count: space.configurations.count)
        var pending: [Int] = []
        for configuration in space.configurations where configuration.isFinal {
            canLeave[configuration.id] = true
            pending.append(configuration.id)
        }
        for edge in space.edges
        where !canLeave[edge.source]
            && space.configurations[edge.source].states != space.configurations[edge.target].states
        {
            canLeave[edge.source] = true
            pending.append(edge.source)
        }
        let incoming = space.incomingEdges
        while let next = pending.popLast() {
            for edge in incoming[next] where !canLeave[space.edges[edge].source] {
                canLeave[space.edges[edge].source] = true
                pending.append(space.edges[edge].source)
            }
        }
        var reported: Set<[String]> = []
        var findings: [ValidationFinding] = []
        for configuration in space.configurations where !canLeave[configuration.id] {
            guard reported.insert(configuration.atomicStates).inserted else { continue }
            let names = configuration.atomicStates.map { "'\($0)'" }.joined(separator: ", ")
            let state = configuration.atomicStates.first
            let path = space.path(to: configuration.id)
            let reaching = path.events.isEmpty ? "at the start" : "after \"\(path)\""
            findings.append(
                ValidationFinding(
                    rule: id, severity: .warning,
                    message: "the machine is trapped in \(names) (\(reaching)): it is not final and no event leads out",
                    state: state, location: state.flatMap { subject.locations.states[$0] }))
        }
        return findings
    }
}
