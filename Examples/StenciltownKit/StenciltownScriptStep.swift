import Foundation

/// One step of a `--script`: a key press, a wait for a state, or a pause.
public enum StenciltownScriptStep: Sendable, Equatable {
    /// `d`: press Download.
    case download
    /// `r`: press Reset.
    case reset
    /// `q`: quit now.
    case quit
    /// `wait-fetched`: wait until the metadata is shown.
    case waitFetched
    /// `wait-downloaded`: wait until the download is done.
    case waitDownloaded
    /// `wait-failed`: wait until the download has failed.
    case waitFailed
    /// `sleep-MS`: pause for MS milliseconds.
    case sleep(milliseconds: Int)

    /// The step as written in a script.
    public var text: String {
        switch self {
        case .download: "d"
        case .reset: "r"
        case .quit: "q"
        case .waitFetched: "wait-fetched"
        case .waitDownloaded: "wait-downloaded"
        case .waitFailed: "wait-failed"
        case .sleep(let milliseconds): "sleep-\(milliseconds)"
        }
    }

    /// Parses a comma-separated script like `wait-fetched,d,sleep-500,r,q`.
    ///
    /// - Parameter script: The script.
    /// - Returns: Its steps, in order.
    /// - Throws: ``StenciltownScriptError`` naming the first bad step and its position.
    /// - Complexity: O(*n*) in the script's length.
    public static func parse(_ script: String) throws(StenciltownScriptError) -> [StenciltownScriptStep] {
        let parts = script.split(separator: ",", omittingEmptySubsequences: false)
        var steps: [StenciltownScriptStep] = []
        for (index, part) in parts.enumerated() {
            let text = part.trimmingCharacters(in: .whitespaces)
            switch text {
            case "d": steps.append(.download)
            case "r": steps.append(.reset)
            case "q": steps.append(.quit)
            case "wait-fetched": steps.append(.waitFetched)
            case "wait-downloaded": steps.append(.waitDownloaded)
            case "wait-failed": steps.append(.waitFailed)
            default:
                guard text.hasPrefix("sleep-"), let milliseconds = Int(text.dropFirst("sleep-".count)),
                    milliseconds >= 0
                else { throw StenciltownScriptError(step: String(part), position: index + 1) }
                steps.append(.sleep(milliseconds: milliseconds))
            }
        }
        return steps
    }
}
