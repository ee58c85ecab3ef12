import Foundation
import Testing

@testable import StatecraftSCXML

/// Event data: `namelist`, `<param>` and `<content>` on `<send>`, `<donedata>` on `<final>`, read as
/// `_event.data` (SCXML §5.5, §5.7, §6.2).
@Suite("Event data")
struct EventDataTests {
    @Test func namelistAndParamsBecomeAnObject() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="a" expr="1"/><data id="got"/></datamodel>
            <state id="s">
              <onentry>
                <send event="e" namelist="a"><param name="b" expr="a + 1"/><param name="c" location="a"/></send>
              </onentry>
              <transition event="e" target="t"><assign location="got" expr="_event.data"/></transition>
            </state>
            <state id="t"/>
            """)
        session.processQueuedEvents()
        #expect(session.snapshot.context.variables["got"] == .object(SCXMLObject([("a", 1), ("b", 2), ("c", 1)])))
    }

    @Test(arguments: [
        ("<content>123</content>", SCXMLValue.number(123)),
        ("<content>[1, 'x']</content>", .array([1, "x"])),
        ("<content>\n  this is\n a  string </content>", .string("this is a string")),
        ("<content>foo</content>", .string("foo")),
        ("<content expr=\"'a' + 1\"/>", .string("a1")),
    ])
    func contentIsTheWholeData(content: String, expected: SCXMLValue) throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="got"/></datamodel>
            <state id="s">
              <onentry><send event="e">\(content)</send></onentry>
              <transition event="e" target="t"><assign location="got" expr="_event.data"/></transition>
            </state>
            <state id="t"/>
            """)
        session.processQueuedEvents()
        #expect(session.snapshot.context.variables["got"] == expected)
    }

    @Test func aBadNamelistSendsNothingAndRaisesErrorExecution() throws {
        let session = try TestSupport.session(
            """
            <state id="s">
              <onentry><send event="e" namelist="undeclared"/></onentry>
              <transition event="error.execution" target="t"/>
              <transition event="e" target="wrong"/>
            </state>
            <state id="t"><transition event="e" target="wrong"/></state>
            <state id="wrong"/>
            """)
        session.processQueuedEvents()
        #expect(session.snapshot.configuration == ["t"])
    }

    @Test func doneDataIsTheDataOfTheDoneEvent() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="got"/></datamodel>
            <state id="p">
              <state id="c"><transition target="f"/></state>
              <final id="f"><donedata><param name="x" expr="7"/></donedata></final>
              <transition event="done.state.p" target="t"><assign location="got" expr="_event.data.x"/></transition>
            </state>
            <state id="t"/>
            """)
        #expect(session.snapshot.configuration == ["t"])
        #expect(session.snapshot.context.variables["got"] == 7)
    }

    @Test func contentExcludesParams() {
        let error = TestSupport.parseError(
            TestSupport.document(
                #"<state id="s"><onentry><send event="e"><param name="a" expr="1"/><content>1</content></send></onentry></state>"#
            ))
        #expect(error?.description.contains("<content> together with <param>") == true)
    }

    /// Arrays, objects and pending event data survive a snapshot saved as JSON and restored.
    @Test func valuesAndEventDataSurviveASnapshot() throws {
        let text = TestSupport.document(
            """
            <datamodel><data id="list" expr="[1, {a: 'x'}]"/><data id="got"/></datamodel>
            <state id="s">
              <onentry><send event="later" delay="1s"><param name="k" expr="list"/></send></onentry>
              <transition event="later" target="t"><assign location="got" expr="_event.data.k[1].a"/></transition>
            </state>
            <state id="t"/>
            """)
        let document = try SCXMLParser.parse(string: text)
        let session = try SCXMLSession(document: document)
        let data = try JSONEncoder().encode(try session.saveSnapshot())
        let restored = try SCXMLSession(
            document: document, restoring: JSONDecoder().decode(SCXMLSessionSnapshot.self, from: data))
        #expect(restored.snapshot.context.variables["list"] == .array([1, .object(SCXMLObject([("a", "x")]))]))
        restored.advance(by: .seconds(1))
        #expect(restored.snapshot.configuration == ["t"])
        #expect(restored.snapshot.context.variables["got"] == "x")
    }
}
