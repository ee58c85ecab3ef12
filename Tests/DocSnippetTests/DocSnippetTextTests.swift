import Foundation
import Testing

/// Every ```swift block of the README and the DocC articles is compiled: the line before it names a file of a
/// built target (`<!-- compiled: PATH -->`) whose text contains the block, line for line (indentation of the
/// run aside), or a test that checks it otherwise (`<!-- checked: PATH -->`).
@Suite("Documentation code is compiled")
struct DocSnippetTextTests {
    /// Articles not checked yet, each with the reason (none today; an entry here must say why).
    static let notChecked: [String: String] = [:]

    /// The README and every DocC article.
    static func documents() throws -> [String] {
        var paths = ["README.md"]
        let sources = Repository.root.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = "Sources/\(module)/\(module).docc"
            guard
                let articles = try? FileManager.default.contentsOfDirectory(
                    atPath: Repository.root.appendingPathComponent(catalog).path)
            else { continue }
            paths += articles.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        }
        return paths
    }

    /// A ```swift block and the marker line before it.
    struct Block: CustomStringConvertible {
        let document: String
        let line: Int
        let marker: String?
        let lines: [String]
        var description: String { "\(document):\(line)" }
    }

    static func swiftBlocks(in document: String) throws -> [Block] {
        let lines = try Repository.text(document).components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
                index += 1
                continue
            }
            let previous = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let marker = previous.flatMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("<!-- ") && trimmed.hasSuffix(" -->") ? trimmed : nil
            }
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            blocks.append(
                Block(document: document, line: index + 1, marker: marker, lines: Array(lines[(index + 1)..<end])))
            index = end + 1
        }
        return blocks
    }

    /// `lines` without the indentation they all share (blank lines aside), trailing spaces removed.
    static func dedented(_ lines: some Collection<String>) -> [String] {
        let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return lines.map { line in
            let trimmedEnd = String(line.reversed().drop { $0 == " " }.reversed())
            return trimmedEnd.isEmpty ? "" : String(trimmedEnd.dropFirst(common))
        }
    }

    /// Whether `block`, dedented, equals some run of `file`'s lines, dedented.
    static func contains(_ file: [String], _ block: [String]) -> Bool {
        let wanted = dedented(block)
        guard !wanted.isEmpty, wanted.count <= file.count else { return false }
        for start in 0...(file.count - wanted.count) where dedented(file[start..<(start + wanted.count)]) == wanted {
            return true
        }
        return false
    }

    @Test func everySwiftBlockIsAnExcerptOfACompiledFile() throws {
        var problems: [String] = []
        for document in try Self.documents() where Self.notChecked[document] == nil {
            for block in try Self.swiftBlocks(in: document) {
                guard let marker = block.marker else {
                    problems.append("\(block): no <!-- compiled: PATH --> line before the block")
                    continue
                }
                let parts = marker.dropFirst(5).dropLast(4).split(separator: " ", maxSplits: 1).map(String.init)
                guard parts.count == 2, ["compiled:", "checked:"].contains(parts[0]) else {
                    problems.append("\(block): unreadable marker \(marker)")
                    continue
                }
                let path = parts[1]
                guard path.hasPrefix("Sources/") || path.hasPrefix("Tests/") || path.hasPrefix("Examples/"),
                    path.hasSuffix(".swift"), let text = try? Repository.text(path)
                else {
                    problems.append("\(block): \(path) is not a Swift file of a target")
                    continue
                }
                if parts[0] == "compiled:", !Self.contains(text.components(separatedBy: "\n"), block.lines) {
                    problems.append("\(block): the block is not in \(path)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theCheckerFindsABlockThatDiffers() {
        let file = ["func f() {", "    let a = 1", "    print(a)", "}"]
        #expect(Self.contains(file, ["let a = 1", "print(a)"]))
        #expect(!Self.contains(file, ["let a = 2", "print(a)"]))
    }
}
