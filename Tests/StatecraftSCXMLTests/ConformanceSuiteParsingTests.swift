import Foundation
import StatecraftTestSupport
import Testing

@testable import StatecraftSCXML

/// Every W3C conformance test file parses, uses only supported elements, and survives export.
@Suite("W3C conformance files", .needsConformanceSuite)
struct ConformanceSuiteParsingTests {
    @Test func theSuiteIsThere() throws {
        let files = try TestSupport.conformanceFiles()
        #expect(files.count == 52)
    }

    @Test(arguments: try TestSupport.conformanceFiles())
    func parsesWithoutErrors(file: URL) throws {
        let document = try SCXMLParser.parse(contentsOf: file)
        // Every test ends in a top-level final state: `pass` (or, for the manual test 415, `final`).
        #expect(document.states.contains { ($0.id == "pass" || $0.id == "final") && $0.kind == .final })
        #expect(document.sourceLocation.file == file.path)
    }

    @Test(arguments: try TestSupport.conformanceFiles())
    func exportRoundTripIsStructurallyEqual(file: URL) throws {
        let document = try SCXMLParser.parse(contentsOf: file)
        let exported = SCXMLExporter().export(document)
        let reparsed = try SCXMLParser.parse(string: exported, file: "exported")
        #expect(reparsed.removingSourceLocations() == document.removingSourceLocations())
        #expect(SCXMLExporter().export(reparsed) == exported)
    }
}
