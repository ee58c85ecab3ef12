/// An error thrown by a guard or an action while a chart ran, delivered to the chart as the internal
/// `error.execution` signal (SCXML 1.0 §3.12.2) and recorded in ``ChartMacrostep/errors``.
public struct ChartExecutionError: Error, CustomStringConvertible {
    /// Where the error happened.
    public enum Phase: String, Sendable, Hashable {
        /// Evaluating a transition's guard (SCXML 1.0 §5.9: the guard counts as false).
        case `guard`
        /// Running a state's entry actions.
        case entry
        /// Running a state's exit actions.
        case exit
        /// Running a transition's actions (including an initial or history default transition).
        case transition
    }

    /// The state whose guard or action threw, as text.
    public let state: String
    /// Where the error happened.
    public let phase: Phase
    /// The error the guard or action threw.
    public let underlying: any Error

    /// Creates an execution error.
    ///
    /// - Parameters:
    ///   - state: The state whose guard or action threw, as text.
    ///   - phase: Where the error happened.
    ///   - underlying: The error that was thrown.
    public init(state: String, phase: Phase, underlying: any Error) {
        self.state = state
        self.phase = phase
        self.underlying = underlying
    }

    /// "error.execution in <phase> of state '<state>': <underlying>".
    public var description: String {
        "error.execution in \(phase.rawValue) of state '\(state)': \(underlying)"
    }
}
