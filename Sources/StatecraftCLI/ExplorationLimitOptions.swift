import ArgumentParser
import Foundation
import StatecraftAnalysis

/// The bounds of an exploration, which `validate`, `paths`, `check` and `visualize` share; each command
/// has its own defaults (a page's are smaller).
struct ExplorationLimitOptions: ParsableArguments {
    /// The exit status of a command that a bound kept from finishing its work: the exploration was
    /// incomplete, or the page too large to draw.
    static let incompleteStatus: Int32 = 3

    @Option(name: .long, help: "Stop exploring after this many configurations.")
    var maxConfigurations: Int?

    @Option(name: .long, help: "Do not explore event sequences longer than this.")
    var maxDepth: Int?

    @Option(name: .long, help: "Stop exploring after this much work (steps weighted by configuration size).")
    var maxWork: Int?

    @Option(name: .long, help: "Stop exploring after this many seconds.")
    var maxSeconds: Double?

    func validate() throws {
        if let maxConfigurations, maxConfigurations <= 0 {
            throw ValidationError("--max-configurations must be positive")
        }
        if let maxDepth, maxDepth < 0 { throw ValidationError("--max-depth must not be negative") }
        if let maxWork, maxWork <= 0 { throw ValidationError("--max-work must be positive") }
        if let maxSeconds, !(maxSeconds >= 0 && maxSeconds <= 1e9) {
            throw ValidationError("--max-seconds must be a number of seconds from 0 to 1000000000")
        }
    }

    /// `defaults` with the bounds given on the command line.
    func limits(defaults: ExplorationLimits) -> ExplorationLimits {
        ExplorationLimits(
            maxConfigurations: maxConfigurations ?? defaults.maxConfigurations,
            maxDepth: maxDepth ?? defaults.maxDepth, maxWork: maxWork ?? defaults.maxWork,
            maxDuration: maxSeconds.map { .milliseconds(Int64(($0 * 1000).rounded())) } ?? defaults.maxDuration)
    }

    /// The option that sets `bound`.
    static func option(for bound: ExplorationBound) -> String {
        switch bound {
        case .maxConfigurations: "--max-configurations"
        case .maxDepth: "--max-depth"
        case .maxWork: "--max-work"
        case .maxDuration: "--max-seconds"
        }
    }

    /// Writes `warning: FILE: exploration is incomplete: …` to standard error when `space` stopped at a
    /// bound, naming the option that raises it.
    ///
    /// - Returns: Whether the space is incomplete.
    @discardableResult
    static func reportIncompleteness(of space: StateSpace, file: String) -> Bool {
        guard let incomplete = space.incompleteness else { return false }
        FileHandle.standardError.write(
            Data("warning: \(file): \(incomplete) (\(option(for: incomplete.bound)))\n".utf8))
        return true
    }
}
