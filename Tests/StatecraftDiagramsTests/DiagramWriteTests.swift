import Foundation
import Statecraft
import StatecraftDiagrams
import Testing

@Suite("Writing a diagram to a file")
struct DiagramWriteTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesOnlyWhenTheDiagramChanged() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("screen.mmd")
        let description = Fixtures.refreshListSchema().machineDescription()

        #expect(try description.write(to: url) == true)
        #expect(try String(contentsOf: url, encoding: .utf8) == MermaidExporter().export(description))
        #expect(try description.write(to: url) == false)

        try Data("stale".utf8).write(to: url)
        #expect(try description.write(to: url) == true)
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("stateDiagram-v2\n"))
    }

    /// README: `description.write(to: URL(fileURLWithPath: "Docs/screen.mmd"))` in a checkout with no `Docs/`.
    @Test func missingFoldersAreCreated() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Docs/diagrams/screen.mmd")
        #expect(try Fixtures.refreshListSchema().machineDescription().write(to: url) == true)
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @Test func formatComesFromTheExtensionOrTheArgument() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let description = Fixtures.refreshListSchema().machineDescription()
        try description.write(to: directory.appendingPathComponent("a.dot"))
        try description.write(to: directory.appendingPathComponent("b.txt"), format: .plantuml)
        try description.write(to: directory.appendingPathComponent("c.unknown"))
        #expect(try String(contentsOf: directory.appendingPathComponent("a.dot"), encoding: .utf8) == Fixtures.seedDOT)
        #expect(
            try String(contentsOf: directory.appendingPathComponent("b.txt"), encoding: .utf8).hasPrefix("@startuml"))
        #expect(
            try String(contentsOf: directory.appendingPathComponent("c.unknown"), encoding: .utf8) == Fixtures.seedDOT)
    }

    @Test func unwritablePathsNameTheFile() throws {
        // Below a regular file: no folder can be created there, not even by root.
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file")
        try Data().write(to: file)
        let url = file.appendingPathComponent("x.dot")
        let error = #expect(throws: DiagramError.self) {
            try Fixtures.refreshListSchema().machineDescription().write(to: url)
        }
        #expect(error?.description.hasPrefix("cannot write \(url.path): ") == true)
    }

    @Test func formatsKnowTheirExtensions() {
        for format in DiagramFormat.allCases {
            #expect(DiagramFormat(fileExtension: format.fileExtension) == format)
        }
        #expect(DiagramFormat(fileExtension: "GV") == .dot)
        #expect(DiagramFormat(fileExtension: "txt") == nil)
    }
}
