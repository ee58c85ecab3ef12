/// A check over a machine's explored ``StateSpace``: one rule per kind of problem, each its own type.
///
/// Rules only read the space — computed by the machine's own step function — and the machine's
/// description; they never step the machine themselves.
public protocol ValidationRule: Sendable {
    /// A stable identifier, such as `unreachable-state`, for `statecraft validate --rule`.
    var id: String { get }
    /// One line saying what the rule finds.
    var summary: String { get }
    /// Whether the rule reports something's absence from the space (a state never entered, a transition
    /// never taken), which only a complete exploration can show.
    var needsCompleteSpace: Bool { get }

    /// The problems the rule finds.
    ///
    /// - Parameter subject: The space and what is known about the machine.
    /// - Returns: The findings, in the order of the description's states or transitions.
    func findings(in subject: ValidationSubject) -> [ValidationFinding]
}
