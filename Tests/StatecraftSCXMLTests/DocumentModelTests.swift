import Foundation
import Testing

@testable import StatecraftSCXML

/// What the parser puts into the document model.
@Suite("Document model")
struct DocumentModelTests {
    @Test func rootAttributes() throws {
        let document = try SCXMLParser.parse(
            string: TestSupport.document(
                #"<state id="a"/><state id="b"/>"#,
                attributes: #"name="demo" initial="a b" datamodel="ecmascript" binding="late""#))
        #expect(document.name == "demo")
        #expect(document.initial == ["a", "b"])
        #expect(document.datamodel == .ecmascript)
        #expect(document.binding == .late)
    }

    @Test func defaultsFollowTheSchema() throws {
        let document = try SCXMLParser.parse(
            string: #"<scxml xmlns="http://www.w3.org/2005/07/scxml"><state id="a"/></scxml>"#)
        #expect(document.datamodel == .null)
        #expect(document.binding == .early)
        #expect(document.initial.isEmpty)
    }

    @Test func statesTransitionsAndLocations() throws {
        let document = try SCXMLParser.parse(
            string: TestSupport.document(
                """
                <parallel id="p">
                  <state id="r1" initial="r1b">
                    <state id="r1a"/>
                    <state id="r1b"/>
                    <history id="h" type="deep"><transition target="r1a"/></history>
                    <transition event="error  foo.* bar." cond="In('r1a')"
                                target="r1a r1b" type="internal"/>
                  </state>
                  <state id="r2"/>
                </parallel>
                """), file: "model.scxml")
        let parallel = try #require(document.states.first)
        #expect(parallel.kind == .parallel)
        #expect(parallel.childStates.map(\.id) == ["r1", "r2"])
        let region = parallel.children[0]
        #expect(region.initial == ["r1b"])
        #expect(region.isCompound)
        #expect(region.children[2].kind == .history(.deep))
        let transition = try #require(region.transitions.first)
        #expect(transition.events.map(\.value) == ["error", "foo", "bar"])
        #expect(transition.condition == .call("In", [.literal("r1a")]))
        #expect(transition.targets == ["r1a", "r1b"])
        #expect(transition.type == .internal)
        // The location is where the start tag begins, even when it spans two lines.
        #expect(transition.sourceLocation == SCXMLSourceLocation(file: "model.scxml", line: 7, column: 5))
        #expect(document.ancestorIDs(of: "r1a") == ["r1", "p"])
        #expect(document.state(withID: "h")?.kind == .history(.deep))
    }

    @Test func executableContent() throws {
        let document = try SCXMLParser.parse(
            string: TestSupport.document(
                """
                <datamodel><data id="Var1" expr="0"/><data id="sid"/><data id="inline">'text'</data></datamodel>
                <state id="s0">
                  <onentry>
                    <raise event="foo"/>
                    <send event="timeout" delay="1.5s" id="t1"/>
                    <send eventexpr="'e' + Var1" target="#_internal" type="http://www.w3.org/TR/scxml/#SCXMLEventProcessor"
                          delayexpr="'500ms'" idlocation="sid" namelist="Var1"/>
                    <cancel sendid="t1"/>
                    <log label="Outcome" expr="'pass'"/>
                    <assign location="Var1" expr="Var1 + 1"/>
                    <if cond="Var1 == 1"><raise event="one"/><elseif cond="Var1 == 2"/><raise event="two"/><else/><raise event="other"/></if>
                  </onentry>
                  <onentry/>
                </state>
                """))
        #expect(
            document.data == [
                SCXMLDataNode(id: "Var1", expression: .literal(0), sourceLocation: document.data[0].sourceLocation),
                SCXMLDataNode(id: "sid", sourceLocation: document.data[1].sourceLocation),
                SCXMLDataNode(
                    id: "inline", expression: .literal("text"), sourceLocation: document.data[2].sourceLocation),
            ])
        let state = try #require(document.states.first).removingLocationsForTest()
        #expect(state.onEntry.count == 2)
        #expect(state.onEntry[1].isEmpty)
        #expect(
            state.onEntry[0] == [
                .raise(SCXMLRaise(event: "foo")),
                .send(SCXMLSend(event: .literal("timeout"), delay: .literal(.milliseconds(1500)), id: .literal("t1"))),
                .send(
                    SCXMLSend(
                        event: .expression(.binary(.add, .literal("e"), .variable("Var1"))),
                        target: .literal("#_internal"), type: .literal(SCXMLSend.scxmlEventProcessorType),
                        delay: .expression(.literal("500ms")), id: .location("sid"), namelist: ["Var1"])),
                .cancel(SCXMLCancel(sendID: .literal("t1"))),
                .log(SCXMLLog(label: "Outcome", expression: .literal("pass"))),
                .assign(SCXMLAssign(location: "Var1", expression: .binary(.add, .variable("Var1"), .literal(1)))),
                .if(
                    SCXMLIf(
                        branches: [
                            SCXMLIf.Branch(
                                condition: .binary(.equal, .variable("Var1"), .literal(1)),
                                content: [.raise(SCXMLRaise(event: "one"))]),
                            SCXMLIf.Branch(
                                condition: .binary(.equal, .variable("Var1"), .literal(2)),
                                content: [.raise(SCXMLRaise(event: "two"))]),
                        ], elseContent: [.raise(SCXMLRaise(event: "other"))])),
            ])
    }

    @Test func elseifAfterElseIsAnError() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    """
                    <state id="s"><onentry><if cond="true"><else/><elseif cond="false"/></if></onentry></state>
                    """)))
        guard case .invalidStructure("elseif", _, _) = error else {
            Issue.record("expected invalidStructure, got \(error)")
            return
        }
    }

    @Test func unreadableFile() throws {
        let url = URL(fileURLWithPath: "/nonexistent/statecraft/missing.scxml")
        #expect {
            try SCXMLParser.parse(contentsOf: url)
        } throws: { error in
            guard let error = error as? SCXMLError, case .unreadableFile(let path, _) = error else { return false }
            return path == url.path
        }
    }
}

extension SCXMLStateNode {
    /// The node with its source locations removed, through a one-state document.
    func removingLocationsForTest() -> SCXMLStateNode {
        SCXMLDocument(states: [self]).removingSourceLocations().states[0]
    }
}
