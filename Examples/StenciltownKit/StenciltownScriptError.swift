/// A `--script` step that is not one of the known steps.
public struct StenciltownScriptError: Error, Equatable, CustomStringConvertible {
    /// The step as written.
    public let step: String
    /// Its 1-based position in the script.
    public let position: Int

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - step: The step as written.
    ///   - position: Its 1-based position in the script.
    public init(step: String, position: Int) {
        self.step = step
        self.position = position
    }

    /// A message naming the bad step.
    public var description: String {
        "bad script step '\(step)' (step \(position)): expected d, r, q, wait-fetched, wait-downloaded, "
            + "wait-failed or sleep-MS"
    }
}
