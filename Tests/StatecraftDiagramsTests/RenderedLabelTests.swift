import Foundation
import Statecraft
import StatecraftDiagrams
import Testing

/// Renders the awkward labels with the real tools and reads the text back out of the SVG: every label,
/// on every state and every transition, must come out exactly as written.
@Suite("Labels survive real renderers")
struct RenderedLabelTests {
    static func executable(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The lines each label should render as: line breaks split lines, other controls are spaces.
    static func expectedLines(_ description: MachineDescription) -> [String] {
        let layoutLabels =
            description.states.map(\.label)
            + description.transitions.map { transition in
                let event = description.event(withID: transition.event ?? "")?.label ?? ""
                return transition.condition.map { "\(event) [\($0)]" } ?? event
            }
        return layoutLabels.flatMap { label in
            label.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map {
                String($0.map { $0.asciiValue.map { $0 < 0x20 } == true ? " " : $0 })
            }
        }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// The text of every `<text>` element, entities decoded.
    static func texts(inSVG svg: String) -> [String] {
        let pattern = /<text[^>]*>([^<]*)<\/text>/
        return svg.matches(of: pattern).map { match in
            var text = String(match.output.1)
            for entity in text.matches(of: /&#([0-9]+);/).reversed() {
                if let value = UInt32(entity.output.1), let scalar = Unicode.Scalar(value) {
                    text.replaceSubrange(entity.range, with: String(Character(scalar == "\u{A0}" ? " " : scalar)))
                }
            }
            return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    static func expectAllLabels(in svg: String, of description: MachineDescription) {
        var remaining = texts(inSVG: svg).map { $0.trimmingCharacters(in: .whitespaces) }
        for line in expectedLines(description) {
            let wanted = line.trimmingCharacters(in: .whitespaces)
            if let index = remaining.firstIndex(of: wanted) {
                remaining.remove(at: index)
            } else {
                Issue.record("label line \(wanted.debugDescription) is missing from the rendered SVG")
            }
        }
    }

    @Test(.enabled(if: executable("dot") != nil, "Graphviz's dot is not on PATH"))
    func graphvizRendersEveryLabelVerbatim() throws {
        let description = try Fixtures.awkward()
        Self.expectAllLabels(in: String(decoding: try description.diagram(.svg), as: UTF8.self), of: description)
    }

    @Test(.enabled(if: executable("plantuml") != nil, "plantuml is not on PATH"))
    func plantUMLRendersEveryLabelVerbatim() throws {
        let description = try Fixtures.awkward()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("awkward.puml")
        try description.write(to: source)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.executable("plantuml")))
        process.arguments = ["-tsvg", "-failfast2", source.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let svg = try String(contentsOf: directory.appendingPathComponent("awkward.svg"), encoding: .utf8)
        Self.expectAllLabels(in: svg, of: description)
    }
}
