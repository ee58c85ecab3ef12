/// Where the Stenciltown screen is: the states of the seed's diagram, plus a failed download.
///
/// ```
/// initial ──beginFetch──▶ fetching(p) ──fetchCompleted──▶ fetched ──download──▶ downloading(p) ──▶ downloaded
///                           ⟲ fetchProgress                              ⟲ downloadProgress │
///                                                                failed ◀──downloadFailed──┘ (download retries)
/// any state ──reset──▶ initial
/// ```
public enum StenciltownState: Sendable, Equatable {
    /// Nothing shown yet; entering it starts fetching the metadata.
    case initial
    /// Fetching the stencil's metadata, `progress` from 0 to 1.
    case fetching(progress: Double)
    /// The metadata arrived: its description is shown and Download is enabled.
    case fetched(description: String)
    /// Downloading the stencil, `progress` from 0 to 1.
    case downloading(progress: Double)
    /// The stencil is downloaded.
    case downloaded
    /// The download failed with `message`; Download retries.
    case failed(message: String)

    /// The state's name without its payload, as printed on script lines: `fetching`, `downloaded`…
    public var name: String {
        switch self {
        case .initial: "initial"
        case .fetching: "fetching"
        case .fetched: "fetched"
        case .downloading: "downloading"
        case .downloaded: "downloaded"
        case .failed: "failed"
        }
    }
}
