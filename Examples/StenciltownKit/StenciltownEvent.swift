/// What happens to the Stenciltown screen: the user's presses and the async work's reports.
public enum StenciltownEvent: Sendable, Equatable {
    /// Start fetching the metadata (sent by the initial state's effect, like the seed's `viewWillAppear`).
    case beginFetch
    /// The metadata fetch progressed to `fraction` (0…1).
    case fetchProgress(Double)
    /// The metadata arrived, with the stencil's description.
    case fetchCompleted(description: String)
    /// The user pressed Download (or Retry after a failure).
    case download
    /// The download progressed to `fraction` (0…1).
    case downloadProgress(Double)
    /// The download finished.
    case downloadCompleted
    /// The download failed with `message`.
    case downloadFailed(message: String)
    /// The user pressed Reset: back to the start, cancelling whatever is in flight.
    case reset
}
