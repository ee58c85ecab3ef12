import CStatecraftFileGuard
import CStatecraftSQLite
import Foundation
import StatecraftPersistence

/// The files of an ``SQLiteMachineStore`` — the database, its `-wal` log, its `-shm` shared-memory index
/// and their directory — and the checks that turn their faults into typed errors naming the file.
///
/// Another program can change them under the store: make one immutable (`chattr +i`) or read-only,
/// truncate or replace it, write garbage into it. The checks run when the store opens, before each of its
/// operations (the `-shm` file only: one `ioctl` and one `fstat` on a descriptor held open) and after each
/// SQLite I/O error; they report ``MachineStoreError/storeFile(path:problem:)``.
final class SQLiteStoreFiles: Sendable {
    /// The database file.
    let database: String

    /// The descriptor of the `-shm` file SQLite maps, and the largest size it has been seen at.
    private struct SharedMemoryWatch {
        var descriptor: Int32 = -1
        var largestSize: Int64 = 0
    }

    private let watch = LockedValue(SharedMemoryWatch())
    /// The `-shm` fault once found: every later operation throws it.
    private let fault = LockedValue<MachineStoreError?>(nil)

    /// The files of the database at `database`.
    init(database: String) {
        self.database = database
    }

    deinit {
        watch.withLock { watch in
            if watch.descriptor >= 0 { close(watch.descriptor) }
        }
    }

    /// The write-ahead log.
    var log: String { database + "-wal" }
    /// The shared-memory index of the log, which SQLite maps into memory.
    var sharedMemory: String { database + "-shm" }
    /// The directory, where SQLite creates the log and the index.
    var directory: String {
        let directory = (database as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// Checks, before SQLite opens them, that the files that exist and their directory can be written.
    ///
    /// - Throws: ``MachineStoreError/storeFile(path:problem:)`` naming the first file that cannot.
    func checkWritable() throws(MachineStoreError) {
        try Self.checkWritable(directory, isDirectory: true)
        for path in [database, log, sharedMemory] { try Self.checkWritable(path, isDirectory: false) }
    }

    /// Starts watching the `-shm` file (call once the database is open in WAL mode and the file exists).
    func watchSharedMemory() {
        let descriptor = open(sharedMemory, O_RDONLY | O_CLOEXEC)
        watch.withLock { watch in
            watch.descriptor = descriptor
            watch.largestSize = Self.size(of: descriptor)
        }
    }

    /// The fault of the `-shm` file found by ``checkSharedMemory()`` or recorded, if any: the store must
    /// not let SQLite touch the file again (not even to close).
    var sharedMemoryFault: MachineStoreError? { fault.withLock { $0 } }

    /// Records `error` as the `-shm` fault when it names the `-shm` file.
    func recordIfSharedMemoryFault(_ error: MachineStoreError) {
        guard case .storeFile(let path, _) = error, path == sharedMemory else { return }
        fault.withLock { $0 = $0 ?? error }
    }

    /// Checks that the `-shm` file SQLite maps is still writable and no shorter than it was: writing to a
    /// mapped page of an immutable file, or touching a page past its end, is a SIGBUS. Once it found a
    /// fault, it throws that fault every time.
    ///
    /// - Throws: ``MachineStoreError/storeFile(path:problem:)`` naming the `-shm` file.
    func checkSharedMemory() throws(MachineStoreError) {
        if let earlier = sharedMemoryFault { throw earlier }
        let problem = watch.withLock { watch -> String? in
            guard watch.descriptor >= 0 else { return nil }
            if statecraft_file_is_immutable(watch.descriptor) == 1 {
                return "it was made immutable (chattr +i) while the store had it mapped"
            }
            let size = Self.size(of: watch.descriptor)
            if size < watch.largestSize {
                return "it was truncated from \(watch.largestSize) to \(size) bytes while the store had it mapped"
            }
            watch.largestSize = size
            return nil
        }
        if let problem {
            let error = MachineStoreError.storeFile(path: sharedMemory, problem: problem)
            recordIfSharedMemoryFault(error)
            throw error
        }
    }

    /// The typed error for an error SQLite reported while running `sql`: a file fault names the file (found
    /// by checking them again), anything else is ``MachineStoreError/database(_:)``.
    func explain(_ error: SQLiteError, during sql: String) -> MachineStoreError {
        switch error.code {
        case SQLITE_NOTADB:
            return .storeFile(path: database, problem: "it is not an SQLite database (\(error.message))")
        case SQLITE_CORRUPT:
            return .storeFile(path: database, problem: "it is corrupt (\(error.message))")
        case SQLITE_READONLY, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_FULL:
            do {
                try checkWritable()
                try checkSharedMemory()
            } catch {
                return error
            }
            return .storeFile(path: database, problem: error.description)
        default:
            return .database("\(error) in \(sql.prefix(60))")
        }
    }

    /// Throws when `path` exists and is immutable, has no write permission bit (refused even for root, who
    /// could write it anyway: the owner meant it read-only), or is not writable by this process.
    private static func checkWritable(_ path: String, isDirectory: Bool) throws(MachineStoreError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (isDirectory ? O_DIRECTORY : 0))
        if descriptor >= 0 {
            defer { close(descriptor) }
            if statecraft_file_is_immutable(descriptor) == 1 {
                throw .storeFile(path: path, problem: "it is immutable (chattr +i); SQLite cannot write it")
            }
        }
        let mode = String(status.st_mode & 0o777, radix: 8)
        let what =
            isDirectory
            ? "the directory is read-only (mode \(mode)); SQLite creates the -wal and -shm files in it"
            : "it is read-only (mode \(mode)); the store writes every event to it"
        if status.st_mode & 0o222 == 0 || access(path, W_OK) != 0 {
            throw .storeFile(path: path, problem: what)
        }
    }

    private static func size(of descriptor: Int32) -> Int64 {
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0 else { return 0 }
        return Int64(status.st_size)
    }
}
