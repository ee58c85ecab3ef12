/// A script's wait step that cannot succeed: the state it waits for can no longer come without a key press.
public struct StenciltownScriptWaitError: Error, Equatable, CustomStringConvertible {
    /// The step.
    public let step: StenciltownScriptStep
    /// Its 1-based position in the script.
    public let position: Int
    /// Why it failed.
    public let problem: String

    /// Creates the failure.
    ///
    /// - Parameters:
    ///   - step: The step.
    ///   - position: Its 1-based position in the script.
    ///   - problem: Why it failed.
    public init(step: StenciltownScriptStep, position: Int, problem: String) {
        self.step = step
        self.position = position
        self.problem = problem
    }

    /// A message naming the step.
    public var description: String { "script step '\(step.text)' (step \(position)): \(problem)" }
}
