import Foundation
import Testing

/// Every `swift run statecraft …` line of the README runs as written (with the built binary) and prints what
/// the README shows after it.
@Suite("README commands")
struct READMECommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A command of the README and the output printed under it, if any.
    struct Example: CustomStringConvertible {
        let arguments: [String]
        let expectedOutput: [String]
        var description: String { "statecraft " + arguments.joined(separator: " ") }
    }

    static func examples() throws -> [Example] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var examples: [Example] = []
        var inShell = false
        var current: (arguments: [String], output: [String])?
        func finish() {
            if let current { examples.append(Example(arguments: current.arguments, expectedOutput: current.output)) }
            current = nil
        }
        for line in readme.components(separatedBy: "\n") {
            if line == "```sh" {
                inShell = true
                continue
            }
            if line == "```" {
                finish()
                inShell = false
                continue
            }
            guard inShell else { continue }
            let command = line.hasPrefix("$ ") ? String(line.dropFirst(2)) : line
            if command.hasPrefix("swift run statecraft ") {
                finish()
                current = (Self.words(String(command.dropFirst("swift run statecraft ".count))), [])
            } else if current != nil, !line.hasPrefix("swift ") {
                current?.output.append(line)
            } else {
                finish()
            }
        }
        return examples
    }

    /// Shell words: spaces separate them, double quotes group them.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
            } else if character == " ", !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    @Test func theREADMEHasStatecraftExamples() throws {
        #expect(try Self.examples().count >= 3)
    }

    @Test(arguments: try READMECommandTests.examples())
    func runsAsWritten(_ example: Example) throws {
        // A scratch directory that sees the repository's Tests/ folder, so that `-o file` writes there.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "statecraft-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("Tests"), withDestinationURL: Self.root.appendingPathComponent("Tests")
        )
        let result = try StatecraftBinary.run(example.arguments, in: directory)
        #expect(result.status == 0, "\(example): \(result.standardError)")
        if !example.expectedOutput.isEmpty {
            #expect(result.standardOutputText == example.expectedOutput.joined(separator: "\n") + "\n")
        }
    }
}
