import Foundation

/// The `stenciltown` command line: `[--speed N] [--url URL] [--script STEPS] [--help]`.
public struct StenciltownOptions: Sendable, Equatable {
    /// Divides every duration (`--speed N`, N > 0); 1 by default.
    public var speed: Double = 1
    /// Download this URL for real (`--url URL`); `nil` simulates the download.
    public var url: URL?
    /// Run these steps instead of reading keys (`--script STEPS`).
    public var script: [StenciltownScriptStep]?
    /// Print the usage and exit (`--help`, `-h`).
    public var showHelp = false

    /// Options with every default.
    public init() {}

    /// The usage text.
    public static let usage = """
        usage: stenciltown [--speed N] [--url URL] [--script STEPS]

        Shows the Stenciltown screen: fetches a stencil's metadata, then downloads it when you press d.
        Keys: d download (retry after a failure), r reset, q quit.

          --speed N       divide every duration by N (N > 0; fetch 5 s, download 10 s at speed 1)
          --url URL       download URL for real over HTTP instead of simulating the download
          --script STEPS  run comma-separated steps instead of reading keys, printing one line per change:
                          d, r, q, wait-fetched, wait-downloaded, wait-failed, sleep-MS (milliseconds)
        """

    /// Parses the arguments after the program name.
    ///
    /// - Parameter arguments: The arguments, like `["--speed", "10", "--script", "wait-fetched,q"]`.
    /// - Returns: The options.
    /// - Throws: ``StenciltownOptionsError`` naming the offending argument.
    public static func parse(_ arguments: [String]) throws(StenciltownOptionsError) -> StenciltownOptions {
        var options = StenciltownOptions()
        var remaining = arguments[...]
        func value(for option: String) throws(StenciltownOptionsError) -> String {
            guard let value = remaining.popFirst() else { throw .missingValue(option: option) }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--speed":
                let text = try value(for: argument)
                guard let speed = Double(text), speed > 0, speed.isFinite else { throw .invalidSpeed(text) }
                options.speed = speed
            case "--url":
                let text = try value(for: argument)
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                    scheme == "http" || scheme == "https", url.host?.isEmpty == false
                else { throw .invalidURL(text) }
                options.url = url
            case "--script":
                let text = try value(for: argument)
                do {
                    options.script = try StenciltownScriptStep.parse(text)
                } catch {
                    throw .badScript(error)
                }
            case "--help", "-h":
                options.showHelp = true
            default:
                throw .unknownArgument(argument)
            }
        }
        return options
    }
}
