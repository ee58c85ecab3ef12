import Foundation

/// The process's current directory, changed by the snippets that use relative paths as the docs show them.
///
/// The current directory belongs to the whole test process, and Swift Testing runs tests in parallel: two
/// snippets that each change it raced (one wrote its file into the other's directory, or into a directory
/// already removed). Every change goes through ``run(in:_:)``, which lets one snippet at a time hold it.
enum CurrentDirectory {
    private static let lock = NSLock()

    /// Runs `body` with `directory` as the current directory, then restores the previous one; other calls
    /// wait meanwhile.
    static func run<Result>(in directory: URL, _ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        return try body()
    }
}
