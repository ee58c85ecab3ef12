#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The bytes typed on standard input, read on a thread of their own so the main actor never blocks.
enum KeyboardInput {
    /// The bytes of standard input; the stream finishes at end of input.
    static func bytes() -> AsyncStream<UInt8> {
        let (stream, continuation) = AsyncStream.makeStream(of: UInt8.self)
        let reader = Thread {
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 { continuation.yield(byte) }
            continuation.finish()
        }
        reader.start()
        return stream
    }
}

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
