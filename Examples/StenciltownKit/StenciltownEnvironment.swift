import Statecraft

/// What the Stenciltown machine's work needs: how long the simulated work lasts, the metadata, and a real
/// downloader if there is one.
public struct StenciltownEnvironment: Sendable {
    /// How long fetching the metadata takes (5 s by default).
    public var fetchDuration: Duration
    /// How long the simulated download takes (10 s by default); unused with a ``downloader``.
    public var downloadDuration: Duration
    /// How many progress reports simulated work sends (20 by default: every 5 %).
    public var progressSteps: Int
    /// The description the metadata fetch delivers.
    public var metadataDescription: String
    /// Downloads for real (``HTTPDownloader``); `nil` simulates the download.
    public var downloader: (any StenciltownDownloader)?

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - speed: Divides every duration (`--speed N`); must be positive. 1 by default.
    ///   - downloader: Downloads for real; `nil` (the default) simulates the download.
    ///   - progressSteps: How many progress reports simulated work sends; at least 1.
    public init(speed: Double = 1, downloader: (any StenciltownDownloader)? = nil, progressSteps: Int = 20) {
        precondition(speed > 0, "StenciltownEnvironment needs a positive speed, got \(speed)")
        fetchDuration = .seconds(5) / speed
        downloadDuration = .seconds(10) / speed
        self.progressSteps = max(1, progressSteps)
        metadataDescription = "It’s a bunny"
        self.downloader = downloader
    }

    /// Work named `name` that reports progress in ``progressSteps`` equal steps over `duration`, then
    /// completes.
    func simulatedWork(
        _ name: String, lasting duration: Duration, progress: @escaping @Sendable (Double) -> StenciltownEvent,
        completion: StenciltownEvent
    ) -> StateEffect<StenciltownEvent> {
        let steps = progressSteps
        return StateEffect(name) { context in
            for step in 1...steps {
                try await context.sleep(for: duration / steps)
                await context.send(progress(Double(step) / Double(steps)))
            }
            await context.send(completion)
        }
    }
}
