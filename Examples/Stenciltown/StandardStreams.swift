#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to a file descriptor unbuffered, so each line reaches a pipe or a terminal at once.
enum StandardStreams {
    /// Writes `text` to standard output.
    static func out(_ text: String) { write(text, to: STDOUT_FILENO) }

    /// Writes `text` and a newline to standard error.
    static func error(_ text: String) { write(text + "\n", to: STDERR_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress, buffer.count)
                #else
                    Darwin.write(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
