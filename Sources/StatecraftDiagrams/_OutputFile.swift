import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes output files the way a careful command-line tool does; used by ``MachineDescription/write(to:format:renderer:)``
/// and by the `statecraft` tool. Not API.
///
/// - A regular file (directly or behind a symbolic link) is replaced atomically: the new content goes to a
///   temporary file in the same directory, which gets the old file's permissions and then takes its place,
///   so a reader never sees half a file. The link itself stays a link.
/// - A FIFO, a character or block device or a socket is opened and written to, never replaced: `-o /dev/null`
///   leaves `/dev/null` alone and `-o /dev/full` fails with "No space left on device".
/// - A missing file is created (mode 0666 less the umask).
public enum _OutputFile {
    /// What is at a path, after following symbolic links.
    public enum Kind: Equatable, Sendable {
        /// Nothing: the file will be created.
        case missing
        /// A regular file with its permission bits.
        case regular(mode: UInt32, size: Int)
        /// A FIFO, a device or a socket.
        case special
        /// A directory.
        case directory
    }

    /// What `path` refers to, following symbolic links.
    ///
    /// - Parameter path: the path.
    /// - Returns: the kind of file.
    public static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(mode: UInt32(info.st_mode & 0o7777), size: Int(info.st_size))
        case S_IFDIR: return .directory
        default: return .special
        }
    }

    /// Whether the regular file at `path` already holds exactly `data` (never reads anything else).
    ///
    /// - Parameters:
    ///   - data: the content.
    ///   - path: the path.
    /// - Returns: `true` only for a regular file of that size and content.
    public static func holds(_ data: Data, atPath path: String) -> Bool {
        guard case .regular(_, let size) = kind(of: path), size == data.count else { return false }
        return FileManager.default.contents(atPath: path) == data
    }

    /// Writes `data` to `path`.
    ///
    /// - Parameters:
    ///   - data: the bytes.
    ///   - path: where to write them.
    /// - Throws: ``DiagramError/cannotWrite(path:reason:)`` with the system's reason.
    public static func write(_ data: Data, toPath path: String) throws(DiagramError) {
        switch kind(of: path) {
        case .directory:
            throw .cannotWrite(path: path, reason: "it is a directory")
        case .special:
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw error(path) }
            defer { close(descriptor) }
            try writeAll(data, to: descriptor, path: path)
        case .missing:
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw error(path) }
            defer { close(descriptor) }
            try writeAll(data, to: descriptor, path: path)
        case .regular(let mode, _):
            try replace(resolved(path), with: data, mode: mode, reportedAs: path)
        }
    }

    /// The path a symbolic link finally points to (the path itself when it is not a link).
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// Replaces a regular file atomically, keeping its permission bits (and its owner when allowed).
    private static func replace(_ target: String, with data: Data, mode: UInt32, reportedAs path: String)
        throws(DiagramError)
    {
        let directory = (target as NSString).deletingLastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/.statecraft-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw error(path) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            close(descriptor)
            if !succeeded { unlink(temporary) }
        }
        try writeAll(data, to: descriptor, path: path)
        var original = stat()
        if stat(target, &original) == 0 {
            _ = fchown(descriptor, original.st_uid, original.st_gid)
        }
        guard fchmod(descriptor, mode_t(mode)) == 0, fsync(descriptor) == 0, rename(temporary, target) == 0 else {
            throw error(path)
        }
        succeeded = true
    }

    /// Writes all of `data` to an open file descriptor, retrying interrupted and partial writes.
    ///
    /// - Parameters:
    ///   - data: the bytes.
    ///   - descriptor: the descriptor, such as `STDOUT_FILENO`.
    ///   - path: the name used in the error.
    /// - Throws: ``DiagramError/cannotWrite(path:reason:)`` with the system's reason.
    public static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(DiagramError) {
        let failure: Int32? = data.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw .cannotWrite(path: path, reason: String(cString: strerror(failure))) }
    }

    private static func error(_ path: String) -> DiagramError {
        .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
}

/// The system's `write(2)`, named apart from ``_OutputFile/write(_:toPath:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
