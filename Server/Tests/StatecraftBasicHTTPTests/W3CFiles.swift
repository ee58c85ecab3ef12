import Foundation
import Testing

/// The W3C IRP files (`w3c-full/`), which stay out of the repository: in `$STATECRAFT_CONFORMANCE_DIR` when
/// it is set, else in `../shared/conformance` beside the repository — as the root package's tests find them.
/// Without them the W3C tests here are skipped with one line; `STATECRAFT_REQUIRE_CONFORMANCE=1` (CI) makes
/// that a failure instead.
enum W3CFiles {
    static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["STATECRAFT_CONFORMANCE_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path).appendingPathComponent("w3c-full")
        }
        // Server/Tests/StatecraftBasicHTTPTests/W3CFiles.swift → the folder beside the repository.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/conformance/w3c-full")
    }()

    static let isPresent = FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("manifest.tsv").path)
    static let isRequired = ProcessInfo.processInfo.environment["STATECRAFT_REQUIRE_CONFORMANCE"] == "1"
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only where the W3C files are, or where a run requires them.
    static var needsW3CFiles: Self {
        .enabled(
            if: W3CFiles.isPresent || W3CFiles.isRequired,
            "needs the W3C conformance files, not found in \(W3CFiles.directory.path)")
    }
}
