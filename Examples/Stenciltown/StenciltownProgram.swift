import StenciltownKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal program: wires a ``StenciltownSession`` to the keyboard (or a script) and to the screen.
@MainActor
struct StenciltownProgram {
    let options: StenciltownOptions

    /// Runs until `q`, the end of the script, or the end of input.
    ///
    /// - Returns: The exit status: 0, 1 when a script step could not succeed, 2 without a terminal or a script.
    func run() async -> Int32 {
        // Keys are read from standard input in raw mode: without a terminal (a pipe, /dev/null, CI) there is
        // nothing to press, so say what to do instead of drawing one frame and quitting without a word.
        if options.script == nil, isatty(STDIN_FILENO) != 1 {
            StandardStreams.error(
                "stenciltown: needs a terminal to read keys (standard input is not a terminal); "
                    + "run it in a terminal, or pass --script, e.g. --script wait-fetched,d,wait-downloaded")
            return 2
        }
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
