import Foundation
import Testing

/// `statecraft visualize`: the built binary writes a self-contained page for SCXML and JSON machines.
@Suite("statecraft visualize")
struct VisualizeCommandTests {
    static let expected = CLITests.expected

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("visualize-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(arguments: ["analysis-player.scxml", "microwave.scxml", "microwave.json", "refresh-list.json"])
    func writesASelfContainedPage(file: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("page.html")
        let result = try StatecraftBinary.run(["visualize", file, "-o", output.path], in: Self.expected)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "")
        let html = try String(contentsOf: output, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<svg"))
        #expect(html.contains(#"id="statecraft-model""#))
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("@import url("))
    }

    @Test func aCutSpaceIsReported() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("page.html")
        let result = try StatecraftBinary.run(
            ["visualize", "microwave.scxml", "-o", output.path, "--max-configurations", "2"], in: Self.expected)
        #expect(result.status == 3)
        #expect(
            result.standardError.hasPrefix(
                "warning: microwave.scxml: exploration is incomplete: explored 2 configurations"))
        #expect(result.standardError.contains("stopped at the bound maxConfigurations = 2"))
    }

    @Test func aMalformedChartExitsWith2() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("page.html")
        let result = try StatecraftBinary.run(["visualize", "malformed.scxml", "-o", output.path], in: Self.expected)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: malformed.scxml:"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let missing = try StatecraftBinary.run(["visualize", "nothing.scxml", "-o", output.path], in: Self.expected)
        #expect(missing.status == 2)
        #expect(missing.standardError == "error: nothing.scxml: no such file\n")
    }

    @Test func anUnwritableOutputExitsWith1() throws {
        let result = try StatecraftBinary.run(
            ["visualize", "kettle.scxml", "-o", "/nonexistent-directory/page.html"], in: Self.expected)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: /nonexistent-directory/page.html: cannot write the page"))
    }
}
