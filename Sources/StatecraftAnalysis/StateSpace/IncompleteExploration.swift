/// Why a ``StateSpace`` is partial: the bound exploration stopped at, how far it got, and the data whose
/// values kept changing — the likely reason the space did not end.
///
/// ```swift
/// let space = StateSpace.explore(counterChart)
/// if let incomplete = space.incompleteness {
///     print(incomplete)            // names the bound and the context fields that kept changing
/// }
/// try space.requireComplete()      // or throw it
/// ```
public struct IncompleteExploration: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The bound hit.
    public var bound: ExplorationBound
    /// The limits exploration ran under.
    public var limits: ExplorationLimits
    /// The configurations explored.
    public var configurations: Int
    /// The steps recorded.
    public var steps: Int
    /// The work done, in the units of ``StateSpace/work``.
    public var work: Int
    /// The context fields or data variables whose values differ between explored configurations with the
    /// same active states (see ``StateSpace/varyingData``).
    public var varyingData: [String]

    /// Creates the report of a partial space.
    ///
    /// - Parameters:
    ///   - bound: The bound hit.
    ///   - limits: The limits exploration ran under.
    ///   - configurations: The configurations explored.
    ///   - steps: The steps recorded.
    ///   - work: The work done.
    ///   - varyingData: The data whose values kept changing.
    public init(
        bound: ExplorationBound, limits: ExplorationLimits, configurations: Int, steps: Int, work: Int,
        varyingData: [String]
    ) {
        self.bound = bound
        self.limits = limits
        self.configurations = configurations
        self.steps = steps
        self.work = work
        self.varyingData = varyingData
    }

    /// What the rest of the message suggests when no data varied: the configurations of states alone are
    /// too many, or the explorer was cut short.
    private var remedy: String {
        guard varyingData.isEmpty else {
            let names = varyingData.map { "'\($0)'" }.joined(separator: ", ")
            return "the values of \(names) differ between configurations with the same active states, so "
                + "the space may never end: bound them (a guard that caps a counter), or keep them out of "
                + "the configuration's identity (abstract them), or raise the limit"
        }
        switch bound {
        case .maxDepth: return "longer event sequences were not explored; raise the limit to explore them"
        case .maxDuration: return "the steps are slow or too many; raise the limit or explore fewer events"
        case .maxConfigurations, .maxWork:
            return "the machine's own configurations are too many to explore (parallel regions multiply "
                + "them); raise the limit, explore fewer events, or check smaller parts of the machine"
        }
    }

    /// `exploration is incomplete: explored N configurations and M steps (work W), stopped at the bound
    /// B = V; ` followed by the likely cause and what to do.
    public var description: String {
        "exploration is incomplete: explored \(configurations) configurations and \(steps) steps (work \(work)), "
            + "stopped at the bound \(limits.describe(bound)); \(remedy)"
    }
}
