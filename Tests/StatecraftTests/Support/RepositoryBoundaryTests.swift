import Foundation
import StatecraftTestSupport
import Testing

/// A clone with nothing beside it passes `swift test`: only ``ConformanceSuite`` names a path outside the
/// repository, and every file that reads the W3C files through it skips its tests when they are absent.
@Suite("Files outside the repository")
struct RepositoryBoundaryTests {
    /// Every Swift file below `Tests/` and `Sources/`, with its path relative to the repository.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        var result: [(path: String, text: String)] = []
        for folder in ["Tests", "Sources", "Examples"] {
            let top = RepositoryPaths.root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: top, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let relative = String(url.path.dropFirst(RepositoryPaths.root.path.count + 1))
                result.append((relative, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return result
    }

    /// Code (not comments) that names a place outside the repository.
    static let outsidePatterns = [#""../"#, #""shared/"#, #"appendingPathComponent("shared"#, #""conformance/"#]

    @Test func onlyTheConformanceSuiteNamesAPathOutsideTheRepository() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100)
        for file in files where !file.path.hasSuffix("StatecraftTestSupport/ConformanceSuite.swift") {
            let code = file.text.split(separator: "\n").filter {
                !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            }
            for line in code where !file.path.hasSuffix("RepositoryBoundaryTests.swift") {
                for pattern in Self.outsidePatterns where line.contains(pattern) {
                    Issue.record("\(file.path) names a path outside the repository: \(line)")
                }
            }
        }
    }

    /// The names through which tests reach the W3C files.
    static let conformanceNames = [
        "ConformanceSuite.", "TestSupport.conformanceDirectory", "TestSupport.conformanceFiles",
        "W3CFullConformanceTests.directory", "W3CValidationTests.directory",
    ]

    @Test func everyTestReadingTheW3CFilesSkipsWhenTheyAreAbsent() throws {
        var readers = 0
        for file in try Self.swiftFiles()
        where file.path.hasPrefix("Tests/") && !file.path.hasPrefix("Tests/StatecraftTestSupport/")
            && file.text.contains("@Test")
        {
            guard Self.conformanceNames.contains(where: file.text.contains) else { continue }
            readers += 1
            #expect(
                file.text.contains(".needsConformanceSuite"),
                "\(file.path) reads the W3C files but none of its tests carries .needsConformanceSuite")
        }
        #expect(readers >= 10)
    }

    /// `.ci/run` sets `STATECRAFT_REQUIRE_CONFORMANCE=1`: there the files must be present.
    @Test(.enabled(if: ConformanceSuite.isRequired, "STATECRAFT_REQUIRE_CONFORMANCE is not 1"))
    func aRunThatRequiresTheW3CFilesHasThem() {
        #expect(ConformanceSuite.isPresent, "STATECRAFT_REQUIRE_CONFORMANCE=1 but \(ConformanceSuite.absenceNote)")
    }
}
