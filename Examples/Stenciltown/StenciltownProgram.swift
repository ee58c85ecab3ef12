#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StenciltownKit

/// The terminal program: wires a ``StenciltownSession`` to the keyboard (or a script) and to the screen.
@MainActor
struct StenciltownProgram {
    let options: StenciltownOptions

    /// Runs until `q`, the end of the script, or the end of input.
    ///
    /// - Returns: The exit status: 0, or 1 when a script step could not succeed.
    func run() async -> Int32 {
        let environment = StenciltownEnvironment(
            speed: options.speed, downloader: options.url.map { HTTPDownloader(url: $0) })
        let session = StenciltownSession(environment: environment)
        let screen = TerminalScreen(isTerminal: isatty(STDOUT_FILENO) == 1)
        screen.begin()
        screen.draw(session.viewModel)
        session.onChange = { screen.draw($0) }
        session.start()
        defer {
            session.stop()
            screen.end()
        }

        if let script = options.script {
            do {
                try await session.run(script: script)
                return 0
            } catch {
                StandardStreams.error("stenciltown: \(error)")
                return 1
            }
        }

        let rawMode = RawMode.enable()
        defer { rawMode?.restore() }
        for await byte in KeyboardInput.bytes() {
            // Ctrl-C and Ctrl-D arrive as bytes in raw mode: they quit like `q`.
            if byte == 3 || byte == 4 { break }
            if !session.press(Character(Unicode.Scalar(byte))) { break }
        }
        return 0
    }
}
