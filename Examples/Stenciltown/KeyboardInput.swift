import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
