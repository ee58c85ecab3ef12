import Foundation
import Statecraft
import Testing

@testable import StatecraftSCXML

/// ``SCXMLSessionSnapshot/jsonData()``: the hand-written JSON reads back as the same snapshot, is the same
/// JSON value `JSONEncoder` writes, and snapshots stored by `JSONEncoder` still restore.
@Suite("Session snapshot JSON")
struct SessionSnapshotJSONTests {
    /// A chart with a data model of every kind of value, a deep history, an invocation that has ended, a
    /// delayed `<send>` with an id and data, and done data.
    static let chart = """
        <datamodel>
          <data id="count" expr="1.5"/>
          <data id="whole" expr="2"/>
          <data id="big" expr="1e21"/>
          <data id="notANumber" expr="0/0"/>
          <data id="text" expr="'quote &quot; backslash \\\\ slash / tab \\t newline \\n bell \\u0007 é 🐝'"/>
          <data id="flags" expr="[true, false, null, undefined, [1, 'two']]"/>
          <data id="record" expr="({z: 1, a: {nested: 'yes'}, m: []})"/>
          <data id="nothing"/>
        </datamodel>
        <state id="work" initial="idle">
          <history id="memory" type="deep"><transition target="idle"/></history>
          <state id="idle"><transition event="busy" target="deep"/></state>
          <state id="busy" initial="deep">
            <state id="deep"/>
          </state>
          <transition event="pause" target="paused"/>
        </state>
        <state id="paused">
          <invoke id="kid">
            <content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><state id="k"/></scxml></content>
          </invoke>
          <transition event="resume" target="done"/>
        </state>
        <state id="done" initial="inner">
          <onentry>
            <send event="later" delay="5s" id="timer-1"><param name="count" expr="count"/></send>
            <send event="soon" delay="1s"/>
          </onentry>
          <state id="inner"><transition event="finish" target="innerEnd"/></state>
          <final id="innerEnd"><donedata><param name="result" expr="'ok'"/></donedata></final>
          <transition event="back" target="memory"/>
        </state>
        """

    /// The session after a walk through every part of the chart, with two events still queued.
    static func walkedSession() throws -> SCXMLSession {
        let session = try TestSupport.session(chart)
        _ = TestSupport.send(["busy", "pause", "resume"], to: session)
        session.enqueue(SCXMLEvent("queued", data: .string("first")))
        session.enqueue(SCXMLEvent("queued.too", sendID: "s-2", origin: "#_internal", data: .number(-0.25)))
        return session
    }

    @Test("The hand-written JSON reads back as the same snapshot")
    func roundTrip() throws {
        let saved = try Self.walkedSession().saveSnapshot()
        #expect(!saved.chart.histories.isEmpty)
        #expect(saved.chart.delayedEvents.count == 2)
        #expect(saved.queuedEvents.count == 2)
        let decoded = try JSONDecoder().decode(SCXMLSessionSnapshot.self, from: saved.jsonData())
        // Compared by their bytes: a NaN in the data model is never `==` to itself.
        #expect(decoded.jsonData() == saved.jsonData())
        #expect(decoded.chart.configuration == saved.chart.configuration)
        #expect(decoded.chart.delayedEvents.map(\.id) == saved.chart.delayedEvents.map(\.id))
        #expect(decoded.queuedEvents.map(\.name) == ["queued", "queued.too"])
        #expect(decoded.chart.context.variables["text"] == saved.chart.context.variables["text"])
        #expect(decoded.chart.context.variables["notANumber"]?.isNaNNumber == true)
    }

    @Test("The hand-written JSON is the JSON value JSONEncoder writes")
    func sameValueAsJSONEncoder() throws {
        let saved = try Self.walkedSession().saveSnapshot()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let expected = try JSONSerialization.jsonObject(with: encoder.encode(saved)) as? NSDictionary
        let written = try JSONSerialization.jsonObject(with: saved.jsonData()) as? NSDictionary
        #expect(written != nil)
        #expect(written == expected)
    }

    @Test("Dictionaries are written with their keys sorted, so an equal snapshot is the same bytes")
    func deterministic() throws {
        let saved = try Self.walkedSession().saveSnapshot()
        let text = String(decoding: saved.jsonData(), as: UTF8.self)
        let names = ["big", "count", "flags", "notANumber", "nothing", "record", "text", "whole"]
        let positions = try names.map { try #require(text.range(of: "\"\($0)\":{")?.lowerBound) }
        #expect(positions == positions.sorted())
        #expect(try Self.walkedSession().saveSnapshot().jsonData() == saved.jsonData())
    }

    @Test("A snapshot stored by JSONEncoder, and one stored by hand, restore and go on alike")
    func storedSnapshotsRestore() throws {
        let session = try Self.walkedSession()
        let saved = try session.saveSnapshot()
        let stored = try JSONEncoder().encode(saved)
        let document = try SCXMLParser.parse(string: TestSupport.document(Self.chart), file: "test.scxml")
        for data in [stored, saved.jsonData()] {
            let restored = try SCXMLSession(
                document: document, restoring: JSONDecoder().decode(SCXMLSessionSnapshot.self, from: data))
            let original = try SCXMLSession(document: document, restoring: saved)
            for session in [restored, original] {
                _ = session.processQueuedEvents()
                _ = session.advance(by: .seconds(6))
                _ = TestSupport.send(["back"], to: session)
            }
            #expect(restored.snapshot.configuration == original.snapshot.configuration)
            #expect(restored.snapshot.configuration.contains("deep"))
            #expect(try restored.saveSnapshot().jsonData() == original.saveSnapshot().jsonData())
        }
    }
}

extension SCXMLValue {
    /// Whether the value is a number that is not a number.
    fileprivate var isNaNNumber: Bool {
        if case .number(let number) = self { number.isNaN } else { false }
    }
}
