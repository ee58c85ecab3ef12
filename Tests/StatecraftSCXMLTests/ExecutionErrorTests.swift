import Testing

@testable import StatecraftSCXML

/// Expression and content failures at run time raise `error.execution` (SCXML §5.10.2) and never crash.
@Suite("error.execution at run time")
struct ExecutionErrorTests {
    @Test func unknownVariableInACondition() throws {
        let session = try TestSupport.session(
            """
            <state id="a">
              <transition event="go" cond="missing == 1" target="wrong"/>
              <transition event="error.execution" target="caught"/>
            </state>
            <state id="wrong"/>
            <state id="caught"/>
            """)
        let records = TestSupport.send(["go"], to: session)
        #expect(records.map(\.configuration) == [["caught"]])
        #expect(records[0].errors.count == 1)
        #expect(records[0].errors[0].contains("unknown variable 'missing'"))
        #expect(records[0].errors[0].contains("test.scxml:3:"))
    }

    @Test func typeErrorStopsTheBlockButKeepsEarlierChanges() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="n" expr="1"/></datamodel>
            <state id="a">
              <onentry>
                <assign location="n" expr="2"/>
                <assign location="n" expr="undefined.x"/>
                <assign location="n" expr="3"/>
              </onentry>
              <onentry><raise event="second"/></onentry>
              <transition event="error" target="b"/>
            </state>
            <state id="b"><transition event="second" target="c"/></state>
            <state id="c"/>
            """)
        // The failing block stops at the type error (n stays 2) and queues error.execution; the next block
        // still runs and raises `second`, which is handled after the error.
        #expect(session.snapshot.context.variables["n"] == 2)
        #expect(session.initialMacrostep.entered == ["a", "b", "c"])
    }

    @Test func errorEventCarriesTheMessageAsData() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="message" expr="''"/></datamodel>
            <state id="a">
              <onentry><assign location="nope" expr="1"/></onentry>
              <transition event="error.execution" target="b"><assign location="message" expr="_event.data"/></transition>
            </state>
            <state id="b"/>
            """)
        let message = try #require(session.snapshot.context.variables["message"]?.stringValue)
        #expect(message.contains("unknown variable 'nope'"))
    }

    @Test func failingDataExpressionAtStart() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="v" expr="null.x"/><data id="w" expr="2"/></datamodel>
            <state id="a"><transition event="error.execution" cond="v === undefined &amp;&amp; w == 2" target="b"/></state>
            <state id="b"/>
            """)
        #expect(session.snapshot.configuration == ["b"])
    }

    @Test(arguments: [
        "<send event=\"e\" delayexpr=\"'soon'\"/>",
        "<send event=\"e\" targetexpr=\"'http://example.com'\"/>",
        "<send event=\"e\" typeexpr=\"'http://example.com/other'\"/>",
        "<send event=\"e\" target=\"#_internal\" delay=\"1s\"/>",
        "<send eventexpr=\"1\"/>",
        "<cancel sendidexpr=\"missing\"/>",
        "<log expr=\"missing\"/>",
        "<if cond=\"undefined.x\"><raise event=\"never\"/></if>",
    ])
    func contentFailuresRaiseErrorExecution(content: String) throws {
        let session = try TestSupport.session(
            """
            <state id="a">
              <onentry>\(content)<raise event="after"/></onentry>
              <transition event="error.execution" target="b"/>
              <transition event="*" target="wrong"/>
            </state>
            <state id="b"><transition event="after" target="wrong"/></state>
            <state id="wrong"/>
            """)
        // The content after the failure (`<raise event="after"/>`) did not run.
        #expect(session.snapshot.configuration == ["b"])
        #expect(session.pendingDelayedEventCount == 0)
        #expect(session.queuedEventCount == 0)
        #expect(session.initialMacrostep.errors.count == 1)
    }

    @Test func idlocationToAnUndeclaredVariableSendsNothing() throws {
        let session = try TestSupport.session(
            """
            <state id="a">
              <onentry><send event="e" idlocation="missing" delay="1s"/></onentry>
              <transition event="error.execution" target="b"/>
            </state>
            <state id="b"/>
            """)
        #expect(session.snapshot.configuration == ["b"])
        #expect(session.pendingDelayedEventCount == 0)
    }
}
