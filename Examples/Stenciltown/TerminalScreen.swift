import StenciltownKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws view models: redrawn in place with ANSI codes on a terminal, one plain line per change otherwise.
@MainActor
final class TerminalScreen {
    private let isTerminal: Bool
    private let renderer = StenciltownTerminalRenderer()
    /// What was drawn last: a view model whose drawing would not change is not drawn again.
    private var lastDrawn: String?

    init(isTerminal: Bool) {
        self.isTerminal = isTerminal
    }

    /// Clears the terminal and hides the cursor.
    func begin() {
        if isTerminal { write("\u{1B}[?25l\u{1B}[2J") }
    }

    /// Shows `viewModel`, unless it would look exactly like what is shown (progress moved by less than 1 %).
    func draw(_ viewModel: StenciltownViewModel) {
        let drawing = isTerminal ? renderer.ansiFrame(for: viewModel) : viewModel.line + "\n"
        guard drawing != lastDrawn else { return }
        lastDrawn = drawing
        write(drawing)
    }

    /// Shows the cursor again below the screen.
    func end() {
        if isTerminal { write("\u{1B}[?25h\r\n") }
    }

    private func write(_ text: String) {
        StandardStreams.out(text)
    }
}
