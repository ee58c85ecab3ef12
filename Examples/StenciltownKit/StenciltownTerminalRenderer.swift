/// Draws a ``StenciltownViewModel`` as the lines of a terminal screen.
///
/// ```
/// Stenciltown
///
/// Downloading…
/// [ Download ] (disabled)
/// [########............]  40%
///
/// d download · r reset · q quit
/// ```
public struct StenciltownTerminalRenderer: Sendable {
    /// The width of the progress bar, in characters between the brackets.
    public var barWidth: Int

    /// Creates a renderer.
    ///
    /// - Parameter barWidth: The width of the progress bar; 20 by default.
    public init(barWidth: Int = 20) {
        self.barWidth = max(1, barWidth)
    }

    /// The screen's lines for `viewModel`, always the same number of lines so a redraw covers the last one.
    ///
    /// - Parameter viewModel: What to show.
    /// - Returns: The lines, without line terminators.
    public func lines(for viewModel: StenciltownViewModel) -> [String] {
        let button =
            switch viewModel.button {
            case .hidden: ""
            case .enabled: "[ Download ]"
            case .disabled: "[ Download ] (disabled)"
            }
        let bar = viewModel.progressBarHidden ? "" : progressBar(viewModel)
        return ["Stenciltown", "", viewModel.description, button, bar, "", "d download · r reset · q quit"]
    }

    /// The progress bar: `[########............]  40%`.
    ///
    /// - Parameter viewModel: The view model whose progress to draw.
    /// - Returns: The bar and the percentage.
    public func progressBar(_ viewModel: StenciltownViewModel) -> String {
        let filled = viewModel.percent * barWidth / 100
        let percent = String(viewModel.percent)
        let padding = String(repeating: " ", count: max(0, 3 - percent.count))
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "] "
            + padding + percent + "%"
    }

    /// The ANSI text that redraws the screen in place: cursor home, each line cleared to its end.
    ///
    /// - Parameter viewModel: What to show.
    /// - Returns: The bytes to write to a terminal.
    public func ansiFrame(for viewModel: StenciltownViewModel) -> String {
        let escape = "\u{1B}["
        return escape + "H" + lines(for: viewModel).map { $0 + escape + "K" }.joined(separator: "\r\n") + escape + "J"
    }
}
