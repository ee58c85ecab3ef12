import Foundation
import Statecraft
import StatecraftDiagrams
import Testing

/// No Mermaid renderer runs in CI, so every Mermaid golden file is checked line by line against the
/// statement forms of Mermaid's `stateDiagram` grammar (its jison lexer): a label may not contain what would
/// end or re-interpret its token.
@Suite("Mermaid output follows the grammar")
struct MermaidSyntaxTests {
    static func problems(in text: String) -> [String] {
        let statement =
            /^(stateDiagram-v2|direction LR|--|\}|state "[^"]*" as s[0-9]+( \{)?|(\[\*\]|s[0-9]+) --> (\[\*\]|s[0-9]+)( : .+)?)$/
        var problems: [String] = []
        var depth = 0
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            guard line.wholeMatch(of: statement) != nil else {
                problems.append("line \(number + 1) is not a known statement: \(line)")
                continue
            }
            if line.hasSuffix("{") { depth += 1 }
            if line == "}" { depth -= 1 }
            // The label: inside the quotes of a declaration, or after ` : ` of a transition.
            var label = ""
            if line.hasPrefix("state \""), let end = line.dropFirst(7).firstIndex(of: "\"") {
                label = String(line[line.index(line.startIndex, offsetBy: 7)..<end])
            } else if let colon = line.range(of: " : ") {
                label = String(line[colon.upperBound...])
            }
            let withoutEntities = label.replacing(/#[A-Za-z0-9]+;/, with: "")
            if withoutEntities.contains(where: { "\"#;:%{}&".contains($0) }) {
                problems.append("line \(number + 1) has a raw reserved character in its label: \(label)")
            }
            if withoutEntities.replacingOccurrences(of: "<br/>", with: "").contains(where: { $0 == "<" || $0 == ">" }) {
                problems.append("line \(number + 1) has raw markup in its label: \(label)")
            }
            if label.lowercased().contains("direction") || label.contains("[[") {
                problems.append("line \(number + 1) has a keyword the lexer would match: \(label)")
            }
        }
        if depth != 0 { problems.append("unbalanced braces: depth \(depth) at the end") }
        return problems
    }

    @Test(arguments: GoldenFileTests.machines)
    func goldenFileIsWellFormed(machine: String) throws {
        let text = try String(contentsOf: Golden.directory.appendingPathComponent("\(machine).mmd"), encoding: .utf8)
        #expect(Self.problems(in: text) == [])
    }

    @Test func theCheckCatchesUnescapedLabels() {
        #expect(Self.problems(in: "stateDiagram-v2\n    state \"a\" as s1\n    s1 --> s1 : a;b\n").count == 1)
        #expect(Self.problems(in: "stateDiagram-v2\n    state \"direction LR\" as s1\n").count == 1)
        #expect(Self.problems(in: "stateDiagram-v2\n    state end\n").count == 1)
    }
}
