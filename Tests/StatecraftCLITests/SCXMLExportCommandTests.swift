import Foundation
import StatecraftTestSupport
import Testing

/// `statecraft diagram FILE --format scxml`: any machine's structure as schema-valid SCXML.
@Suite("statecraft diagram --format scxml")
struct SCXMLExportCommandTests {
    @Test(arguments: [
        ("refresh-list.json", "refresh-list.described.scxml"),
        ("microwave.scxml", "microwave.described.scxml"),
    ])
    func printsTheStructureAsSCXML(machine: String, expected: String) throws {
        let result = try StatecraftBinary.run(["diagram", machine, "--format", "scxml"], in: CLITests.expected)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        try CLITests.check(result.standardOutputText, expected)
    }

    @Test func theOutputFileExtensionChoosesSCXML() throws {
        let directory = try CLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("list.scxml")
        let result = try StatecraftBinary.run(
            ["diagram", "refresh-list.json", "-o", output.path], in: CLITests.expected)
        #expect(result.status == 0)
        let expected = try String(
            contentsOf: CLITests.expected.appendingPathComponent("refresh-list.described.scxml"), encoding: .utf8)
        #expect(try String(contentsOf: output, encoding: .utf8) == expected)
        // The exported chart runs.
        let run = try StatecraftBinary.run(["run", output.path, "--events", "refresh showError"], in: directory)
        #expect(run.status == 0)
        #expect(
            run.standardOutputText.split(separator: "\n").last
                == #"{"event": "showError", "exited": ["refreshing"], "entered": ["error"], "configuration": ["error"]}"#
        )
    }

    @Test(
        .needsConformanceSuite,
        .enabled(if: XMLSchemaValidator.xmllint != nil, "xmllint is not installed (apt-get install -y libxml2-utils)"))
    func exportsValidateAgainstTheW3CSchema() throws {
        let files = ["refresh-list.described.scxml", "microwave.described.scxml"]
            .map { CLITests.expected.appendingPathComponent($0) }
        let result = try XMLSchemaValidator.validate(files, against: ConformanceSuite.schema)
        #expect(result.status == 0, "\(result.output)")
    }
}
