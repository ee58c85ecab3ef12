import Testing

@testable import StatecraftSCXML

/// Exporting documents: escaping, generated ids, every kind of content, and parse(export(d)) == d.
@Suite("Export round trip")
struct ExportRoundTripTests {
    func roundTrip(_ document: SCXMLDocument) throws -> SCXMLDocument {
        try SCXMLParser.parse(string: SCXMLExporter().export(document))
    }

    @Test func documentBuiltInCodeRoundTrips() throws {
        let document = SCXMLDocument(
            name: "demo", initial: ["p"], datamodel: .ecmascript, binding: .late,
            states: [
                SCXMLStateNode(
                    kind: .parallel, id: "p",
                    children: [
                        SCXMLStateNode(
                            kind: .state, id: "a",
                            children: [
                                SCXMLStateNode(
                                    kind: .initial, id: "__state.1", hasGeneratedID: true,
                                    transitions: [
                                        SCXMLTransitionNode(
                                            targets: ["a1"],
                                            content: [.raise(SCXMLRaise(event: "init"))])
                                    ]),
                                SCXMLStateNode(
                                    kind: .history(.deep), id: "ah",
                                    transitions: [SCXMLTransitionNode(targets: ["a2"])]),
                                SCXMLStateNode(
                                    kind: .state, id: "a1",
                                    transitions: [
                                        SCXMLTransitionNode(
                                            events: [SCXMLEventDescriptor("go"), .wildcard],
                                            condition: .binary(.less, .variable("n"), .literal(3)),
                                            targets: ["a2"], type: .internal)
                                    ]),
                                SCXMLStateNode(kind: .state, id: "a2"),
                            ]),
                        SCXMLStateNode(
                            kind: .state, id: "b",
                            onEntry: [
                                [
                                    .send(
                                        SCXMLSend(
                                            event: .expression(.literal("tick")),
                                            target: .expression(.literal("#_internal")),
                                            type: .expression(.literal(.string(SCXMLSend.scxmlEventProcessorType))),
                                            delay: .expression(.literal("1s")), id: .location("n"), namelist: ["n"])),
                                    .send(
                                        SCXMLSend(
                                            event: .literal("later"), delay: .literal(.milliseconds(250)),
                                            id: .literal("t"))),
                                    .cancel(SCXMLCancel(sendID: .literal("t"))),
                                    .cancel(SCXMLCancel(sendID: .expression(.variable("n")))),
                                ], [],
                            ], onExit: [[.log(SCXMLLog())]]),
                    ]),
                SCXMLStateNode(kind: .final, id: "done"),
            ],
            data: [SCXMLDataNode(id: "n", expression: .literal(0)), SCXMLDataNode(id: "empty")])
        try SCXMLDocumentValidator.validate(document)
        #expect(try roundTrip(document).removingSourceLocations() == document)
    }

    @Test func attributesAreEscaped() throws {
        let tricky = "a < b & \"c\" > 'd'\n\te"
        let document = SCXMLDocument(
            datamodel: .ecmascript,
            states: [
                SCXMLStateNode(
                    kind: .final, id: "f",
                    onEntry: [
                        [
                            .log(SCXMLLog(label: tricky, expression: .literal(.string(tricky))))
                        ]
                    ])
            ])
        let text = SCXMLExporter().export(document)
        #expect(text.contains("&lt;"))
        #expect(text.contains("&amp;"))
        #expect(text.contains("&quot;"))
        #expect(!text.contains("\t"))
        #expect(try roundTrip(document).removingSourceLocations() == document)
    }

    @Test func exportText() throws {
        let document = try SCXMLParser.parse(
            string: """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="s" datamodel="null">
                  <state id="s"><transition event="e.*" cond="In('s')" target="f"/></state>
                  <final id="f"/>
                </scxml>
                """)
        #expect(
            SCXMLExporter(indentation: " ").export(document) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="s" datamodel="null">
                 <state id="s">
                  <transition event="e" cond="In('s')" target="f"/>
                 </state>
                 <final id="f"/>
                </scxml>

                """)
    }
}
