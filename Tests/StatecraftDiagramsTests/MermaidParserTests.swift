import Foundation
import Statecraft
import StatecraftDiagrams
import StatecraftTestSupport
import Testing

/// Mermaid output read by Mermaid's own parser (mermaid.js through the PyPI package `mmdc`, run by
/// `Scripts/mermaid-parse.py`; skipped where it is not installed, as the Graphviz tests are without `dot`),
/// and checked for what a parser accepts but draws wrong: a history state as a region of its own, and loops
/// with no label.
@Suite("Mermaid output read by Mermaid's parser")
struct MermaidParserTests {
    enum Node: String, Hashable, Sendable, CustomStringConvertible {
        case player, media, playing, paused, sound, loud, quiet, resume, deepResume, off
        var description: String { rawValue }
    }

    enum Input: String, Hashable, Sendable, CustomStringConvertible {
        case play, pause, mute, power
        var description: String { rawValue }
    }

    /// A parallel state with two history children and two regions, whose history defaults go into the
    /// regions.
    static func parallelWithHistory() throws -> MachineDescription {
        try Statechart<Node, Input, Int>(initial: .off, context: 0) {
            ChartState(.off) { OnEvent(.power, target: .resume) }
            ParallelState(.player) {
                HistoryState(.resume, .shallow)
                ChartState(.media, initial: .playing) {
                    HistoryState(.deepResume, .deep)
                    ChartState(.playing) { OnEvent(.pause, target: .paused) }
                    ChartState(.paused) { OnEvent(.play, target: .playing) }
                }
                ChartState(.sound, initial: .loud) {
                    ChartState(.loud) { OnEvent(.mute, target: .quiet) }
                    ChartState(.quiet)
                }
                OnEvent(.power, target: .off)
            }
        }.machineDescription(name: "Player")
    }

    static let repository = RepositoryPaths.root

    static var parserIsInstalled: Bool {
        (try? run(["-c", "import mmdc"]).status) == 0
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The lines of the composite state declared as `state "label" as sN {`, without nested blocks.
    static func ownLines(ofBlockLabelled label: String, in text: String) -> [String] {
        var lines: [String] = []
        var depth = 0
        var inside = false
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if !inside {
                if line.hasPrefix("state \"\(label)\" as "), line.hasSuffix("{") { inside = true }
                continue
            }
            if line.hasSuffix("{") { depth += 1 }
            if line == "}" {
                if depth == 0 { break }
                depth -= 1
                continue
            }
            if depth == 0 { lines.append(line) }
        }
        return lines
    }

    @Test func aHistoryStateIsNotARegionOfItsParallelParent() throws {
        let text = MermaidExporter().export(try Self.parallelWithHistory())
        // Two regions, one separator; the history state is declared before it, in the first region.
        let lines = Self.ownLines(ofBlockLabelled: "player", in: text)
        #expect(lines.filter { $0 == "--" }.count == 1, "\(text)")
        #expect(lines.first == "state \"H\" as s3", "\(text)")
    }

    @Test func noLoopIsDrawnWithoutALabel() throws {
        var texts = [MermaidExporter().export(try Self.parallelWithHistory())]
        for machine in GoldenFileTests.machines {
            texts.append(
                try String(contentsOf: Golden.directory.appendingPathComponent("\(machine).mmd"), encoding: .utf8))
        }
        for text in texts {
            let loops = text.split(separator: "\n").filter { line in
                line.trimmingCharacters(in: .whitespaces).wholeMatch(of: /(s[0-9]+) --> \1/) != nil
            }
            #expect(loops.isEmpty, "\(text)")
        }
    }

    @Test(.enabled(if: parserIsInstalled, "python3 cannot import mmdc (python3 -m pip install mmdc==0.7.0)"))
    func mermaidParsesEveryExpectedFileAndTheRegressionCharts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mermaid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let regression = directory.appendingPathComponent("parallel-with-history.mmd")
        try Data(MermaidExporter().export(try Self.parallelWithHistory()).utf8).write(to: regression)
        var files = [regression.path]
        files += GoldenFileTests.machines.map { Golden.directory.appendingPathComponent("\($0).mmd").path }
        let expected = Self.repository.appendingPathComponent("Tests/StatecraftCLITests/Expected")
        files += try FileManager.default.contentsOfDirectory(atPath: expected.path).filter { $0.hasSuffix(".mmd") }
            .sorted().map { expected.appendingPathComponent($0).path }
        let script = Self.repository.appendingPathComponent("Scripts/mermaid-parse.py").path
        let result = try Self.run([script] + files)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.split(separator: "\n").filter { $0.hasPrefix("ok stateDiagram ") }.count == files.count)
    }

    @Test(.enabled(if: parserIsInstalled, "python3 cannot import mmdc (python3 -m pip install mmdc==0.7.0)"))
    func theParserRejectsABrokenDiagram() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).mmd")
        try Data("stateDiagram-v2\n    s1 --> s2 : a\n    s1 -->\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = Self.repository.appendingPathComponent("Scripts/mermaid-parse.py").path
        let result = try Self.run([script, file.path])
        #expect(result.status == 1)
        #expect(result.output.contains("Parse error"))
    }
}
