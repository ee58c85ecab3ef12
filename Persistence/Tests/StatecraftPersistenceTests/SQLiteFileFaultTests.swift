import Foundation
import StatecraftPersistence
import StatecraftSQLite
import Testing

/// The SQLite store's files changed under it by another program: each fault is a typed error naming the
/// file — at opening, or at the next operation — never a crash, a signal or a silently empty store.
@Suite("SQLite store file faults")
struct SQLiteFileFaultTests {
    /// A fresh directory for one test, removed afterwards (immutable flags cleared first).
    static func withDirectory(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("faults-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer {
            chmod(directory, 0o755)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                _ = Self.chattr("-i", "\(directory)/\(name)")
            }
            try? FileManager.default.removeItem(atPath: directory)
        }
        try await body(directory)
    }

    /// Runs `chattr FLAG PATH`; whether it succeeded (it needs root and a file system with the flag).
    static func chattr(_ flag: String, _ path: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Whether `chattr +i` works in the temporary directory (root on ext4, for example).
    static let canMakeImmutable: Bool = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chattr-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        defer {
            _ = chattr("-i", path)
            try? FileManager.default.removeItem(atPath: path)
        }
        return chattr("+i", path)
    }()

    static let noChattr: Comment = "chattr +i does not work here (it needs root and a file system with the flag)"

    /// A store with one machine and one event in it, closed.
    static func makeStore(at path: String) async throws {
        let store = try await SQLiteMachineStore(path: path)
        try await store.save(machine: "m", snapshot: Data("one".utf8), entry: StoreContract.entry(1, "a"))
        try await store.close()
    }

    static func expectStoreFile(_ path: String, containing words: String, _ body: () async throws -> Void) async {
        await #expect {
            try await body()
        } throws: { error in
            guard case .storeFile(let failing, let problem)? = error as? MachineStoreError else { return false }
            return failing == path && problem.contains(words)
        }
    }

    @Test func aFileOfGarbageIsNotADatabase() async throws {
        try await Self.withDirectory { directory in
            let path = "\(directory)/garbage.db"
            let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
            _ = FileManager.default.createFile(atPath: path, contents: garbage)
            await Self.expectStoreFile(path, containing: "not an SQLite database") {
                _ = try await SQLiteMachineStore(path: path)
            }
        }
    }

    @Test func garbageWrittenOverTheTablesIsCorruption() async throws {
        try await Self.withDirectory { directory in
            let path = "\(directory)/overwritten.db"
            let store = try await SQLiteMachineStore(path: path)
            for index in 1...200 {
                try await store.save(
                    machine: "m\(index)", snapshot: Data(repeating: 65, count: 300),
                    entry: StoreContract.entry(1, "a"))
            }
            try await store.close()
            // Keep the header page, overwrite every page after it.
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 4096)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
            try handle.close()
            await Self.expectStoreFile(path, containing: "corrupt") {
                let reopened = try await SQLiteMachineStore(path: path)
                do {
                    _ = try await reopened.machines()
                } catch {
                    try? await reopened.close()
                    throw error
                }
                try await reopened.close()
            }
        }
    }

    @Test func aReadOnlyFileIsRefusedAtOpening() async throws {
        try await Self.withDirectory { directory in
            let path = "\(directory)/readonly.db"
            try await Self.makeStore(at: path)
            chmod(path, 0o444)
            await Self.expectStoreFile(path, containing: "read-only (mode 444)") {
                _ = try await SQLiteMachineStore(path: path)
            }
        }
    }

    @Test func aReadOnlyDirectoryIsRefusedAtOpening() async throws {
        try await Self.withDirectory { directory in
            chmod(directory, 0o555)
            await Self.expectStoreFile(directory, containing: "the directory is read-only") {
                _ = try await SQLiteMachineStore(path: "\(directory)/new.db")
            }
        }
    }

    @Test(.enabled(if: canMakeImmutable, noChattr)) func anImmutableFileIsRefusedAtOpening() async throws {
        try await Self.withDirectory { directory in
            let path = "\(directory)/immutable.db"
            try await Self.makeStore(at: path)
            #expect(Self.chattr("+i", path))
            await Self.expectStoreFile(path, containing: "immutable") {
                _ = try await SQLiteMachineStore(path: path)
            }
        }
    }

    /// `chattr +i` on the mapped `-shm` file between two operations: the next one throws instead of faulting
    /// with a SIGBUS in SQLite's WAL index, so does every later one, closing the store writes nothing, and the
    /// store opens again with its events once the flag is cleared.
    @Test(.enabled(if: canMakeImmutable, noChattr)) func anImmutableSharedMemoryFileStopsTheStore() async throws {
        try await Self.withDirectory { directory in
            let path = "\(directory)/shm.db"
            let store = try await SQLiteMachineStore(path: path)
            try await store.save(machine: "m", snapshot: Data("one".utf8), entry: StoreContract.entry(1, "a"))
            #expect(Self.chattr("+i", path + "-shm"))
            await Self.expectStoreFile(path + "-shm", containing: "made immutable") {
                try await store.save(machine: "m", snapshot: Data("two".utf8), entry: StoreContract.entry(2, "b"))
            }
            await Self.expectStoreFile(path + "-shm", containing: "made immutable") {
                _ = try await store.load(machine: "m")
            }
            try await store.close()
            #expect(Self.chattr("-i", path + "-shm"))
            let reopened = try await SQLiteMachineStore(path: path)
            #expect(try await reopened.load(machine: "m") == StoredMachine(snapshot: Data("one".utf8), version: 1))
            try await reopened.close()
        }
    }

    /// The mapped `-shm` file truncated between two operations: a typed error, not a SIGBUS. (Not reopened
    /// here: SQLite shares one mapping per file within a process; `Scripts/store-faults.sh` reruns `orders`.)
    @Test func aTruncatedSharedMemoryFileStopsTheStore() async throws {
        try await Self.withDirectory { directory in
            let path = "\(directory)/truncated.db"
            let store = try await SQLiteMachineStore(path: path)
            try await store.save(machine: "m", snapshot: Data("one".utf8), entry: StoreContract.entry(1, "a"))
            #expect(truncate(path + "-shm", 0) == 0)
            await Self.expectStoreFile(path + "-shm", containing: "truncated") {
                try await store.save(machine: "m", snapshot: Data("two".utf8), entry: StoreContract.entry(2, "b"))
            }
            await Self.expectStoreFile(path + "-shm", containing: "truncated") {
                _ = try await store.journal(machine: "m")
            }
            try await store.close()
        }
    }
}
