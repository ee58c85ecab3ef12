import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the files a document names — `<data src>` and `<invoke src>` — when they are regular files no
/// larger than a limit.
///
/// A document is input: a name it gives may be a FIFO that no one writes (opening it would block forever),
/// a device (`/dev/zero` never ends, a terminal waits for a person) or a directory. The file is opened
/// without blocking and checked with `fstat` on the open descriptor, so it cannot be swapped for something
/// else between the check and the read; symbolic links are followed to what they name.
enum SCXMLRegularFileReader {
    /// Why a file was not read: a sentence naming the path.
    struct Failure: Error, Equatable {
        /// The sentence.
        let message: String
    }

    /// Reads a regular file.
    ///
    /// - Parameters:
    ///   - path: the file's path.
    ///   - limit: the most bytes read; a larger file is refused.
    /// - Returns: the file's bytes, or why they were not read (not a regular file, too large, unreadable).
    /// - Complexity: O(*n*) in the size of the file, at most `limit`.
    static func read(_ path: String, limit: Int) -> Result<Data, Failure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(Failure(message: "\(path): \(String(cString: strerror(errno)))"))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            return .failure(Failure(message: "\(path): \(message)"))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(Failure(message: "\(path) is \(kind(of: status.st_mode)), not a regular file"))
        }
        guard status.st_size <= limit else {
            close(descriptor)
            return .failure(Failure(message: "\(path) is larger than \(limit) bytes"))
        }
        // The handle closes the descriptor; reading stops at the limit plus one byte in case the file grew.
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                return .failure(Failure(message: "\(path) is larger than \(limit) bytes"))
            }
            return .success(data)
        } catch {
            return .failure(Failure(message: "\(path): \(error.localizedDescription)"))
        }
    }

    /// What a file that is not a regular file is, for messages.
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}
