import Foundation
import StatecraftTestSupport
import Testing

@testable import StatecraftSCXML

/// Exports of the W3C conformance files validate against the W3C SCXML schema.
///
/// `exportsConformanceFiles` writes the exports to `$SCXML_EXPORT_DIR` (a temporary directory when unset);
/// `Scripts/check-scxml-export.sh` runs it and validates the directory with xmllint. When xmllint is installed,
/// `exportsValidateAgainstTheSchema` does the same inside `swift test`.
@Suite("Export against the W3C schema", .needsConformanceSuite)
struct SchemaExportTests {
    /// Exports every conformance file after a parse → export → parse round trip into a directory.
    static func exportConformanceFiles(to directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try TestSupport.conformanceFiles().map { file in
            let exported = SCXMLExporter().export(try SCXMLParser.parse(contentsOf: file))
            let again = SCXMLExporter().export(try SCXMLParser.parse(string: exported))
            let destination = directory.appendingPathComponent(file.lastPathComponent)
            try again.write(to: destination, atomically: true, encoding: .utf8)
            return destination
        }
    }

    @Test func exportsConformanceFiles() throws {
        let requested = ProcessInfo.processInfo.environment["SCXML_EXPORT_DIR"].map(URL.init(fileURLWithPath:))
        let directory =
            requested
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-scxml-export-\(UUID())")
        defer {
            if requested == nil {
                try? FileManager.default.removeItem(at: directory)
            }
        }
        let files = try Self.exportConformanceFiles(to: directory)
        #expect(files.count == 52)
        for file in files {
            #expect(try SCXMLParser.parse(contentsOf: file).states.isEmpty == false)
        }
    }

    @Test(
        .enabled(if: XMLSchemaValidator.xmllint != nil, "xmllint is not installed (apt-get install -y libxml2-utils)"))
    func exportsValidateAgainstTheSchema() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-xsd-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.exportConformanceFiles(to: directory)
        let result = try XMLSchemaValidator.validate(files, against: ConformanceSuite.schema)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.validatedCount == files.count)
    }
}
