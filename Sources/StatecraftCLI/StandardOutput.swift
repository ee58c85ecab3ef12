import Foundation
import StatecraftDiagrams

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output for the `statecraft` commands: every write is checked, so that a closed or full output
/// (`>&-`, `> /dev/full`, a reader that went away) ends the command with exit status 1 and a message instead
/// of a crash.
enum StandardOutput {
    /// Why standard output could not be written.
    struct WriteError: Error, CustomStringConvertible {
        /// The system's reason, such as `No space left on device`.
        let reason: String

        var description: String { "cannot write to standard output: \(reason)" }
    }

    /// Makes a reader that goes away an error of `write`, instead of the signal that ends the process
    /// silently. Call it before the first write.
    static func reportBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes all of `data` to standard output.
    ///
    /// - Parameter data: the bytes.
    /// - Throws: ``WriteError`` with the system's reason.
    static func write(_ data: Data) throws(WriteError) {
        do {
            try _OutputFile.writeAll(data, to: STDOUT_FILENO, path: "standard output")
        } catch {
            guard case .cannotWrite(_, let reason) = error else {
                preconditionFailure("Internal inconsistency: \(error)")
            }
            throw WriteError(reason: reason)
        }
    }

    /// Writes `text` as UTF-8 to standard output.
    ///
    /// - Parameter text: the text.
    /// - Throws: ``WriteError`` with the system's reason.
    static func write(_ text: String) throws(WriteError) {
        try write(Data(text.utf8))
    }
}
