import Foundation
import Statecraft
import StatecraftDiagrams
import StatecraftSCXML
import Testing

/// An SCXML document's structure, as a `MachineDescription` (`SCXMLDocument+MachineDescription.swift`).
@Suite("SCXML documents as machine descriptions")
struct SCXMLDescriptionTests {
    static func describe(_ body: String, attributes: String = "") throws -> MachineDescription {
        let document = try SCXMLParser.parse(
            string: """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" \(attributes)>
                \(body)
                </scxml>
                """)
        return try document.machineDescription()
    }

    @Test func microwaveKeepsDocumentOrderKindsAndParents() throws {
        let description = try GoldenFileTests.machine("microwave")
        #expect(description.name == "Microwave")
        #expect(description.initialState == "off")
        #expect(
            description.states == [
                StateDescription(id: "off"),
                StateDescription(id: "on", kind: .compound, initialChild: "idle"),
                StateDescription(id: "onHistory", kind: .deepHistory, parent: "on"),
                StateDescription(id: "idle", parent: "on"),
                StateDescription(id: "cooking", kind: .parallel, parent: "on"),
                StateDescription(id: "magnetron", kind: .compound, parent: "cooking"),
                StateDescription(id: "heating", parent: "magnetron"),
                StateDescription(id: "turntable", kind: .compound, parent: "cooking"),
                StateDescription(id: "spinning", parent: "turntable"),
                StateDescription(id: "done", kind: .final, parent: "on"),
            ])
    }

    @Test func transitionsKeepEventsConditionsTypesAndTargets() throws {
        let description = try GoldenFileTests.machine("microwave")
        #expect(
            description.events.map(\.id) == ["turn.on", "resume", "turn.off error", "door.close", "door.open", "tick"])
        #expect(
            description.transitions == [
                TransitionDescription(source: "off", event: "turn.on", target: "on"),
                TransitionDescription(source: "off", event: "resume", target: "onHistory"),
                TransitionDescription(source: "on", event: "turn.off error", target: "off"),
                TransitionDescription(source: "onHistory", event: nil, target: "idle"),
                TransitionDescription(source: "idle", event: "door.close", target: "cooking", condition: "timer > 0"),
                TransitionDescription(source: "cooking", event: nil, target: "done", condition: "timer == 0"),
                TransitionDescription(source: "cooking", event: "door.open", target: "idle"),
                TransitionDescription(source: "heating", event: "tick", targets: [], kind: .internal),
            ])
    }

    @Test func initialDefaultsToTheFirstChildState() throws {
        let description = try Self.describe(
            """
            <state id="a"><state id="a1"/><state id="a2"/></state><final id="b"/>
            """)
        #expect(description.initialState == "a")
        #expect(description.states[0].initialChild == nil)
        #expect(DOTExporter().export(description).contains("i1 -> 2\n"))
    }

    @Test func initialAttributeNamesTheInitialChild() throws {
        let description = try Self.describe(
            """
            <state id="a" initial="a2"><state id="a1"/><state id="a2"/></state>
            """, attributes: #"initial="a""#)
        #expect(description.states[0] == StateDescription(id: "a", kind: .compound, initialChild: "a2"))
    }

    @Test func documentsBuiltInCodeAreChecked() {
        let document = SCXMLDocument(
            initial: ["a"],
            states: [
                SCXMLStateNode(kind: .state, id: "a", transitions: [SCXMLTransitionNode(targets: ["nowhere"])])
            ])
        #expect(throws: MachineDescriptionError.unknownTarget(transition: 0, target: "nowhere")) {
            try document.machineDescription()
        }
    }
}
