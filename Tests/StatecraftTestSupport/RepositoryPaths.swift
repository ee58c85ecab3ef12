import Foundation

/// Where the tests find the repository's files (``ConformanceSuite`` finds the W3C files outside it).
package enum RepositoryPaths {
    /// The repository root, found from this file's path (`Tests/StatecraftTestSupport/` below it).
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
