import Foundation

/// The text of `Server/README.md`, whose snippets the tests compile and run.
///
/// - Throws: When the file cannot be read.
/// - Returns: The README.
public func serverREADME() throws -> String {
    let support = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let readme = support.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    return try String(contentsOf: readme, encoding: .utf8)
}
