#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's raw mode: keys arrive one at a time, unechoed. Restored by ``restore()``.
struct RawMode {
    private let original: termios

    /// Switches standard input to raw mode, or returns `nil` when it is not a terminal.
    static func enable() -> RawMode? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        let original = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0 else { return nil }
        return RawMode(original: original)
    }

    /// Puts the terminal back as it was.
    func restore() {
        var settings = original
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}
