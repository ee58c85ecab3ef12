import Foundation
import Statecraft
import StatecraftTestSupport
import Testing

@testable import StatecraftSCXML

/// Machine descriptions — of SCXML documents, of charts, and awkward hand-made ones — export as SCXML that
/// parses back and validates against the W3C schema.
///
/// `exportsDescriptions` writes the exports to `$SCXML_EXPORT_DIR/descriptions` (a temporary directory
/// when unset); `Scripts/check-scxml-export.sh` validates them with xmllint. When xmllint is installed,
/// `descriptionExportsValidateAgainstTheSchema` does the same inside `swift test`.
@Suite("Export of machine descriptions")
struct DescriptionExportTests {
    /// A description with every kind of state and names that are not XML names.
    static func awkwardDescription() throws -> MachineDescription {
        try MachineDescription(
            name: "Awkward machine",
            states: [
                StateDescription(id: "loaded(3)", kind: .compound, initialChild: "2fast"),
                StateDescription(id: "2fast", parent: "loaded(3)"),
                StateDescription(id: "loaded_3_", parent: "loaded(3)"),
                StateDescription(id: "memory", kind: .deepHistory, parent: "loaded(3)"),
                StateDescription(id: "both ways", kind: .parallel),
                StateDescription(id: "left", parent: "both ways"),
                StateDescription(id: "right", parent: "both ways"),
                StateDescription(id: "done", kind: .final),
            ],
            initialState: "loaded(3)",
            events: [
                EventDescription(id: "select(id: 3)"), EventDescription(id: "error.send *"),
                EventDescription(id: "go"),
            ],
            transitions: [
                TransitionDescription(
                    source: "2fast", event: "select(id: 3)", target: "loaded_3_", condition: "guarded"),
                TransitionDescription(
                    source: "loaded(3)", event: "error.send *", target: "both ways",
                    condition: "In('2fast') && count > 1"),
                TransitionDescription(source: "both ways", event: "go", target: "memory"),
                TransitionDescription(source: "right", event: nil, targets: [], kind: .internal),
                TransitionDescription(source: "left", event: "go", target: "done", condition: "is it ready?"),
            ])
    }

    /// The descriptions to export: every conformance document's, the chart of each, and the awkward one.
    static func descriptions() throws -> [(name: String, description: MachineDescription)] {
        var result: [(name: String, description: MachineDescription)] = []
        for file in try TestSupport.conformanceFiles() {
            let document = try SCXMLParser.parse(contentsOf: file)
            let stem = file.deletingPathExtension().lastPathComponent
            result.append(("document-\(stem)", try document.machineDescription()))
            result.append(("chart-\(stem)", try SCXMLChartBuilder().build(document).machineDescription(name: stem)))
        }
        result.append(("awkward", try awkwardDescription()))
        return result
    }

    static func exportDescriptions(to directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try descriptions().map { name, description in
            let text = SCXMLExporter().export(try SCXMLDocument(describing: description))
            let destination = directory.appendingPathComponent("\(name).scxml")
            try text.write(to: destination, atomically: true, encoding: .utf8)
            return destination
        }
    }

    @Test(.needsConformanceSuite) func exportsDescriptions() throws {
        let requested = ProcessInfo.processInfo.environment["SCXML_EXPORT_DIR"]
            .map { URL(fileURLWithPath: $0).appendingPathComponent("descriptions") }
        let directory =
            requested
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-described-\(UUID())")
        defer {
            if requested == nil { try? FileManager.default.removeItem(at: directory) }
        }
        let files = try Self.exportDescriptions(to: directory)
        #expect(files.count == 2 * 52 + 1)
        for file in files {
            #expect(throws: Never.self, "\(file.lastPathComponent)") { try SCXMLParser.parse(contentsOf: file) }
        }
    }

    @Test(.needsConformanceSuite) func aDocumentsDescriptionKeepsItsStructure() throws {
        let file = TestSupport.conformanceDirectory.appendingPathComponent("test388.scxml")
        let document = try SCXMLParser.parse(contentsOf: file)
        let described = try SCXMLDocument(describing: try document.machineDescription())
        // Same states, kinds and transitions; only executable content and data are not part of a description.
        #expect(try described.machineDescription() == (try document.machineDescription()))
        #expect(described.allStates.map(\.id) == document.allStates.filter { $0.kind != .initial }.map(\.id))
    }

    @Test func awkwardNamesBecomeXMLNames() throws {
        let document = try SCXMLDocument(describing: try Self.awkwardDescription())
        #expect(document.name == "Awkward_machine")
        #expect(document.initial == ["loaded_3_"])
        #expect(
            document.allStates.map(\.id)
                == ["loaded_3_", "_2fast", "loaded_3__2", "memory", "both_ways", "left", "right", "done"])
        let fast = try #require(document.state(withID: "_2fast"))
        #expect(fast.transitions[0].events == [SCXMLEventDescriptor("select_id__3_")])
        #expect(fast.transitions[0].targets == ["loaded_3__2"])
        #expect(fast.transitions[0].condition == .variable("guarded"))
        let loaded = try #require(document.state(withID: "loaded_3_"))
        #expect(loaded.initial == ["_2fast"])
        #expect(loaded.transitions[0].events == [.wildcard])
        #expect(loaded.transitions[0].condition?.description == "In('2fast') && count > 1")
        // A label that is no SCXML expression cannot be evaluated: an opaque guard, "may be true or false".
        #expect(
            document.state(withID: "left")?.transitions[0].condition
                == SCXMLOpaqueGuard.condition(named: "is it ready?"))
        // The deep history without a default transition defaults to the parent's initial child.
        #expect(document.state(withID: "memory")?.transitions.map(\.targets) == [["_2fast"]])
        #expect(document.datamodel == .ecmascript)
    }

    @Test func whatSCXMLCannotExpressIsAnError() throws {
        let finalWithTransition = try MachineDescription(
            states: [StateDescription(id: "a"), StateDescription(id: "end", kind: .final)], initialState: "a",
            events: [EventDescription(id: "go")],
            transitions: [TransitionDescription(source: "end", event: "go", target: "a")])
        #expect(
            throws: SCXMLError.invalidStructure(
                element: "final", reason: "the final state 'end' cannot have transitions", at: .unknown)
        ) {
            try SCXMLDocument(describing: finalWithTransition)
        }
    }

    @Test(
        .needsConformanceSuite,
        .enabled(if: XMLSchemaValidator.xmllint != nil, "xmllint is not installed (apt-get install -y libxml2-utils)"))
    func descriptionExportsValidateAgainstTheSchema() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "statecraft-described-xsd-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.exportDescriptions(to: directory)
        let result = try XMLSchemaValidator.validate(files, against: ConformanceSuite.schema)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.validatedCount == files.count)
    }
}

extension DescriptionExportTests {
    @Test func aDescriptorListWithTheWildcardIsExportedAsTheWildcard() throws {
        let document = try SCXMLDocument(describing: try Self.awkwardDescription())
        let text = SCXMLExporter().export(document)
        #expect(
            text.contains(#"<transition event="*" cond="In('2fast') &amp;&amp; count &gt; 1" target="both_ways"/>"#))
    }
}
