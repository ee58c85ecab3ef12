import Foundation
import Testing

/// Compares output with checked-in files in `Golden/`; `STATECRAFT_RECORD_GOLDEN=1 swift test` rewrites
/// them instead (see `Golden/README.md`).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["STATECRAFT_RECORD_GOLDEN"] == "1" }

    /// Expects `actual` to equal the golden file `name`, or records it.
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if isRecording {
            try Data(actual.utf8).write(to: url, options: .atomic)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            actual == expected, "differs from Golden/\(name); re-record with STATECRAFT_RECORD_GOLDEN=1",
            sourceLocation: sourceLocation)
    }
}
