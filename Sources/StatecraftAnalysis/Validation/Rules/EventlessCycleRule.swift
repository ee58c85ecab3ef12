/// `eventless-cycle`: a step that never settles — eventless transitions whose guards never turn false,
/// or raised events, loop until the chart's microstep limit stops them.
///
/// The chart's own step reports hitting the limit (``StateSpaceEdge/reachedMicrostepLimit``); the rule
/// names the transitions the looping step took.
public struct EventlessCycleRule: ValidationRule {
    public let id = "eventless-cycle"
    public let summary = "steps that loop until the microstep limit (eventless transitions that never stop)"
    public let needsCompleteSpace = false

    /// Creates the rule.
    public init() {}

    public func findings(in subject: ValidationSubject) -> [ValidationFinding] {
        let space = subject.space
        var findings: [ValidationFinding] = []
        if space.start.reachedMicrostepLimit {
            findings.append(
                ValidationFinding(
                    rule: id, severity: .error,
                    message: "starting the machine never settles: eventless transitions or raised events loop until "
                        + "the microstep limit", state: space.configurations.first?.atomicStates.first,
                    location: space.configurations.first?.atomicStates.first.flatMap { subject.locations.states[$0] }))
        }
        var reported: Set<Set<Int>> = []
        for edge in space.edges where edge.reachedMicrostepLimit {
            let loop = Set(edge.transitions.filter { space.machine.transitions[$0].event == nil })
            guard reported.insert(loop).inserted else { continue }
            let first = loop.min()
            let names = loop.sorted().map(subject.describe(transition:)).joined(separator: ", ")
            let path = space.path(through: space.edges.firstIndex(of: edge) ?? 0)
            findings.append(
                ValidationFinding(
                    rule: id, severity: .error,
                    message: "the step after \"\(path)\" never settles: "
                        + (names.isEmpty ? "raised events loop" : "eventless transitions \(names) loop")
                        + " until the microstep limit",
                    transition: first, event: edge.event, location: first.flatMap { subject.locations.transitions[$0] })
            )
        }
        return findings
    }
}
