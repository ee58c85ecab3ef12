/// What the Stenciltown screen shows: an immutable value computed from the machine's state alone, as in
/// the seed. A view only draws it.
public struct StenciltownViewModel: Sendable, Equatable {
    /// The Download button's look.
    public enum Button: String, Sendable, Equatable {
        /// Not shown.
        case hidden
        /// Shown; pressing it sends ``StenciltownViewModel/downloadEvent``.
        case enabled
        /// Shown greyed out.
        case disabled
    }

    /// The state's name, like `downloading`.
    public let stateName: String
    /// The text shown: the stencil's description or what is going on.
    public let description: String
    /// The Download button.
    public let button: Button
    /// Whether the progress bar is hidden.
    public let progressBarHidden: Bool
    /// The progress bar's value, 0 to 1.
    public let progress: Double

    /// Computes the view model of `state`.
    ///
    /// - Parameter state: The machine's state.
    public init(state: StenciltownState) {
        stateName = state.name
        switch state {
        case .initial:
            (description, button, progressBarHidden, progress) = ("", .hidden, true, 0)
        case .fetching(let fraction):
            (description, button, progressBarHidden, progress) = ("Fetching description…", .hidden, false, fraction)
        case .fetched(let text):
            (description, button, progressBarHidden, progress) = (text, .enabled, true, 0)
        case .downloading(let fraction):
            (description, button, progressBarHidden, progress) = ("Downloading…", .disabled, false, fraction)
        case .downloaded:
            (description, button, progressBarHidden, progress) = ("Isn’t it cute?", .disabled, true, 1)
        case .failed(let message):
            (description, button, progressBarHidden, progress) = ("Download failed: \(message)", .enabled, true, 0)
        }
    }

    /// The progress as a whole percentage, 0 to 100 (rounded down, so 100 % means done).
    public var percent: Int { Int((min(max(progress, 0), 1) * 100).rounded(.down)) }

    /// The event pressing Download sends, or `nil` when the button is hidden or disabled.
    public var downloadEvent: StenciltownEvent? { button == .enabled ? .download : nil }

    /// One line describing the view model, as printed when stdout is not a terminal and by `--script`:
    /// `state=downloading progress=40% button=disabled description="Downloading…"`. A hidden progress
    /// bar prints as `progress=-`.
    public var line: String {
        let shownProgress = progressBarHidden ? "-" : "\(percent)%"
        return "state=\(stateName) progress=\(shownProgress) button=\(button.rawValue) description=\"\(description)\""
    }
}
