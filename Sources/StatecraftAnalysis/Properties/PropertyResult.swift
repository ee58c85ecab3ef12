/// The outcome of checking a ``StateSpaceProperty``.
public enum PropertyResult: Sendable, Hashable, Codable {
    /// The property holds in the whole space.
    case holds
    /// The property fails; the path is a shortest event sequence showing it, and the text says what it
    /// shows.
    case violated(counterexample: StatePath, explanation: String)
    /// Exploration stopped at a bound before the property could be decided.
    case inconclusive(reason: String)

    /// Whether the property holds.
    public var holds: Bool { self == .holds }

    /// The counterexample of a violation.
    public var counterexample: StatePath? {
        if case .violated(let path, _) = self { return path }
        return nil
    }
}
