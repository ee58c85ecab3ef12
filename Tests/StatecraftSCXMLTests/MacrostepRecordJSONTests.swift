import Testing

@testable import StatecraftSCXML

/// The JSON lines `statecraft run` prints.
@Suite("Macrostep records as JSON lines")
struct MacrostepRecordJSONTests {
    @Test func initialLineHasANullEvent() {
        let record = SCXMLMacrostepRecord(event: nil, exited: [], entered: ["a", "a1"], configuration: ["a", "a1"])
        #expect(
            record.jsonLine == #"{"event": null, "exited": [], "entered": ["a", "a1"], "configuration": ["a", "a1"]}"#)
    }

    @Test func namesAreEscaped() {
        let record = SCXMLMacrostepRecord(event: "say\"hi\"\\\n\u{1}", exited: ["x"], entered: [], configuration: [])
        #expect(
            record.jsonLine
                == #"{"event": "say\"hi\"\\\n\u0001", "exited": ["x"], "entered": [], "configuration": []}"#)
    }

    @Test func configurationIsSortedAndHaltReportsWhereTheChartStopped() throws {
        let session = try TestSupport.session(
            """
            <state id="z"><state id="b"><transition event="go" target="pass"/></state></state>
            <final id="pass"/>
            """)
        #expect(session.initialMacrostep.configuration == ["b", "z"])
        let records = TestSupport.send(["go"], to: session)
        #expect(
            records.map(\.jsonLine)
                == [#"{"event": "go", "exited": ["b", "z"], "entered": ["pass"], "configuration": ["pass"]}"#])
    }
}
