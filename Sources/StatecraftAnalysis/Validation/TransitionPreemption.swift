/// What happened instead, each time a transition that is never taken had its source active and its
/// event arrived: the evidence ``ShadowedTransitionRule`` and ``ConflictingRegionsRule`` read.
struct TransitionPreemption {
    /// Why the transition was not taken on one such step.
    enum Cause: Hashable {
        /// A transition of the same source, earlier in document order, or of a descendant of the source,
        /// was taken first.
        case shadowed(by: Int)
        /// A transition of another region of the parallel state was taken and exited the source's region.
        case conflict(with: Int, parallel: String)
        /// Nothing explains it: the step took no transition that competes with it (its guard was false).
        case unexplained
    }

    /// The transition never taken.
    let transition: Int
    /// The cause on each step where it could have been taken; never empty.
    let causes: [Cause]

    /// The never-taken transitions triggered by an event that had their source active when the event
    /// arrived at least once, with what happened instead, in the order of the transitions; each one's
    /// causes in the order of the edges.
    ///
    /// - Complexity: O(*e* · *s* · *k*) for *e* edges, *s* states per configuration and *k* transitions
    ///   per step (plus the candidates of each active state): the edges are read once, each checked
    ///   against the never-taken transitions of the states active before it, not against every
    ///   transition of the chart.
    static func analyse(_ subject: ValidationSubject) -> [TransitionPreemption] {
        let space = subject.space
        let taken = space.takenTransitions
        var candidatesBySource: [String: [Int]] = [:]
        for (position, transition) in space.machine.transitions.enumerated()
        where transition.event != nil && !taken.contains(position) {
            candidatesBySource[transition.source, default: []].append(position)
        }
        guard !candidatesBySource.isEmpty else { return [] }
        var causesByTransition: [Int: [Cause]] = [:]
        for edge in space.edges {
            for state in space.configurations[edge.source].states {
                guard let candidates = candidatesBySource[state] else { continue }
                for position in candidates where subject.triggerMatches(position, edge.event) {
                    causesByTransition[position, default: []].append(cause(of: edge, blocking: position, in: subject))
                }
            }
        }
        return causesByTransition.keys.sorted().map { position in
            TransitionPreemption(transition: position, causes: causesByTransition[position]!)
        }
    }

    private static func cause(of edge: StateSpaceEdge, blocking position: Int, in subject: ValidationSubject) -> Cause {
        let source = subject.space.machine.transitions[position].source
        let sourceAncestors = [source] + subject.ancestors(of: source)
        for taken in edge.transitions {
            let takenSource = subject.space.machine.transitions[taken].source
            if takenSource == source ? taken < position : subject.isWithin(takenSource, source) {
                return .shadowed(by: taken)
            }
        }
        for taken in edge.transitions {
            let takenSource = subject.space.machine.transitions[taken].source
            // The nearest parallel ancestor of the blocked source under which the taken one sits in
            // another region.
            for (index, ancestor) in sourceAncestors.enumerated().dropFirst()
            where subject.kinds[ancestor] == .parallel {
                let region = sourceAncestors[index - 1]
                if subject.isWithin(takenSource, ancestor) && !subject.isWithin(takenSource, region) {
                    return .conflict(with: taken, parallel: ancestor)
                }
            }
        }
        return .unexplained
    }
}
