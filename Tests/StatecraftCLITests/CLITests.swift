import Foundation
import StatecraftTestSupport
import Testing

/// Runs the built `statecraft` binary and compares its output with the files in `Expected/`;
/// `STATECRAFT_RECORD_GOLDEN=1` re-records the expected output files.
@Suite("statecraft command-line tool")
struct CLITests {
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")

    @Test(
        arguments: ["refresh-list.json", "microwave.scxml"],
        [("dot", "dot"), ("mermaid", "mmd"), ("plantuml", "puml"), ("json", "json")])
    func printsEachTextFormat(machine: String, format: (name: String, fileExtension: String)) throws {
        let result = try StatecraftBinary.run(["diagram", machine, "--format", format.name], in: Self.expected)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let stem = (machine as NSString).deletingPathExtension
        try Self.check(result.standardOutputText, "\(stem).\(format.fileExtension)")
    }

    @Test func defaultFormatIsTheSeedsDOT() throws {
        let result = try StatecraftBinary.run(["diagram", "refresh-list.json"], in: Self.expected)
        #expect(result.status == 0)
        #expect(result.standardOutputText == SeedOutputs.refreshListDOT)
    }

    @Test func readsBackTheJSONItWrites() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = try StatecraftBinary.run(["diagram", "refresh-list.json", "--format", "json"], in: Self.expected)
        try json.standardOutput.write(to: directory.appendingPathComponent("copy.json"))
        let again = try StatecraftBinary.run(["diagram", "copy.json", "--format", "json"], in: directory)
        #expect(again.status == 0)
        #expect(again.standardOutputText == json.standardOutputText)
    }

    @Test func writesTheFormatTheOutputFileNames() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("screen.mmd").path
        let result = try StatecraftBinary.run(["diagram", "refresh-list.json", "-o", output], in: Self.expected)
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(
            written
                == (try String(contentsOf: Self.expected.appendingPathComponent("refresh-list.mmd"), encoding: .utf8)))
    }

    static var dotIsInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/dot") }
    }

    @Test(.enabled(if: dotIsInstalled, "Graphviz's dot is not on PATH"))
    func rendersSVGWithGraphviz() throws {
        let result = try StatecraftBinary.run(["diagram", "refresh-list.json", "--format", "svg"], in: Self.expected)
        #expect(result.status == 0)
        #expect(result.standardOutputText.contains("<svg"))
        #expect(result.standardOutputText.contains(">Refreshing</text>"))
    }

    @Test func missingGraphvizNamesTheToolAndHowToInstallIt() throws {
        let empty = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try StatecraftBinary.run(
            ["diagram", "refresh-list.json", "--format", "png"], in: Self.expected,
            environment: ["PATH": empty.path])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("error: 'dot' was not found on PATH"))
        #expect(result.standardError.contains("apt-get install graphviz"))
    }

    @Test(arguments: ["malformed.json", "unknown-target.json", "version-2.json", "malformed.scxml"])
    func invalidFilesNameFileLineAndProblem(file: String) throws {
        let result = try StatecraftBinary.run(["diagram", file], in: Self.expected)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        try Self.check(result.standardError, "\(file).stderr")
    }

    @Test func inputProblemsExitWithStatus2() throws {
        let cases = [
            ("missing.json", "error: missing.json: no such file\n"),
            ("missing.scxml", "error: missing.scxml: no such file\n"),
            (
                "notes.txt",
                "error: notes.txt: unsupported machine file type; expected .json (the Statecraft "
                    + "machine format) or .scxml\n"
            ),
        ]
        for (file, message) in cases {
            let result = try StatecraftBinary.run(["diagram", file], in: Self.expected)
            #expect(result.status == 2, "\(file)")
            #expect(result.standardError == message)
        }
    }

    @Test func helpShowsExamples() throws {
        let result = try StatecraftBinary.run(["diagram", "--help"], in: Self.expected)
        #expect(result.status == 0)
        #expect(result.standardOutputText.contains("EXAMPLES:"))
        #expect(result.standardOutputText.contains("statecraft diagram refresh-list.json -o refresh-list.svg"))
        let root = try StatecraftBinary.run(["--help"], in: Self.expected)
        #expect(root.status == 0)
        #expect(root.standardOutputText.contains("diagram"))
        #expect(root.standardOutputText.contains("    statecraft diagram machine.json --format mermaid\n"))
    }

    @Test func commandLineMistakesAreUsageErrors() throws {
        let badFormat = try StatecraftBinary.run(
            ["diagram", "refresh-list.json", "--format", "gif"], in: Self.expected)
        #expect(badFormat.status == 64)
        #expect(badFormat.standardError.contains("--format"))
        let noFile = try StatecraftBinary.run(["diagram"], in: Self.expected)
        #expect(noFile.status == 64)
        #expect(noFile.standardError.contains("<file>"))
    }

    // MARK: Helpers

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Expects `actual` to equal `Expected/name`, or records it when `STATECRAFT_RECORD_GOLDEN=1`.
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = expected.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["STATECRAFT_RECORD_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: url, options: .atomic)
            return
        }
        let expectedText = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expectedText, "differs from Expected/\(name)", sourceLocation: sourceLocation)
    }
}
