import Testing

@testable import StatecraftSCXML

/// Each SCXML construct becomes the chart element that behaves as SCXML requires.
@Suite("SCXML to chart conversion")
struct ChartConversionTests {
    @Test func startsInTheFirstStateAndTheFirstChildWithoutInitial() throws {
        let session = try TestSupport.session(
            """
            <state id="a"><state id="a1"/><state id="a2"/></state>
            <state id="b"/>
            """)
        #expect(session.initialMacrostep.entered == ["a", "a1"])
        #expect(session.initialMacrostep.event == nil)
    }

    @Test func initialAttributesOfTheDocumentAndOfStates() throws {
        let session = try TestSupport.session(
            """
            <state id="a"/>
            <state id="b" initial="b2"><state id="b1"/><state id="b2"/></state>
            """, attributes: "initial=\"b\"")
        #expect(session.initialMacrostep.entered == ["b", "b2"])
    }

    @Test func initialElementRunsItsContentAfterTheParentsEntry() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="trace" expr="''"/></datamodel>
            <state id="p">
              <onentry><assign location="trace" expr="trace + 'entry '"/></onentry>
              <initial><transition target="p2"><assign location="trace" expr="trace + 'initial '"/></transition></initial>
              <state id="p1"/>
              <state id="p2"><onentry><assign location="trace" expr="trace + 'child'"/></onentry></state>
            </state>
            """)
        #expect(session.initialMacrostep.entered == ["p", "p2"])
        #expect(session.snapshot.context.variables["trace"] == "entry initial child")
    }

    @Test func parallelStatesEnterEveryRegionAndCompleteWithDone() throws {
        let session = try TestSupport.session(
            """
            <parallel id="p">
              <transition event="done.state.p" target="end"/>
              <state id="r1"><state id="r1a"><transition event="go" target="r1done"/></state><final id="r1done"/></state>
              <state id="r2"><state id="r2a"><transition event="go" target="r2done"/></state><final id="r2done"/></state>
            </parallel>
            <final id="end"/>
            """)
        #expect(session.initialMacrostep.configuration == ["p", "r1", "r1a", "r2", "r2a"])
        let records = TestSupport.send(["go"], to: session)
        #expect(records.map(\.exited) == [["r2a", "r1a", "r2done", "r2", "r1done", "r1", "p"]])
        #expect(session.snapshot.finalState == "end")
        #expect(records.last?.configuration == ["end"])
    }

    @Test func finalChildRaisesDoneStateOfItsParent() throws {
        let session = try TestSupport.session(
            """
            <state id="s"><transition event="done.state.s" target="ok"/><final id="sf"/></state>
            <final id="ok"/>
            """)
        #expect(session.isFinished)
        #expect(session.initialMacrostep.entered == ["s", "sf", "ok"])
    }

    @Test(arguments: [("shallow", ["h", "h1"]), ("deep", ["h", "h1", "h1b"])])
    func historyRestoresWhatWasActive(type: String, expected: [String]) throws {
        let session = try TestSupport.session(
            """
            <state id="h">
              <history id="hist" type="\(type)"><transition target="h0"/></history>
              <transition event="out" target="away"/>
              <state id="h0"><transition event="next" target="h1"/></state>
              <state id="h1"><state id="h1a"><transition event="deeper" target="h1b"/></state><state id="h1b"/></state>
            </state>
            <state id="away"><transition event="back" target="hist"/></state>
            """)
        let records = TestSupport.send(["next", "deeper", "out", "back"], to: session)
        let back = try #require(records.last)
        #expect(back.entered == (type == "deep" ? expected : expected + ["h1a"]))
    }

    @Test func eventListsPrefixesAndWildcard() throws {
        let session = try TestSupport.session(
            """
            <state id="a"><transition event="one two.x" target="b"/></state>
            <state id="b"><transition event="error" target="c"/></state>
            <state id="c"><transition event="*" target="d"/></state>
            <state id="d"/>
            """)
        let records = TestSupport.send(["two.x.y", "errors", "error.send", "anything"], to: session)
        #expect(records.map(\.entered) == [["b"], [], ["c"], ["d"]])
    }

    @Test func conditionsTargetListsAndInternalTransitions() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="n" expr="1"/></datamodel>
            <state id="s">
              <transition event="go" cond="n == 2" target="s"/>
              <transition event="go" cond="n == 1" type="internal" target="p"/>
              <state id="s0"/>
              <parallel id="p"><state id="x"/><state id="y"/></parallel>
            </state>
            """)
        let records = TestSupport.send(["go"], to: session)
        // Internal: `s` itself is neither exited nor re-entered.
        #expect(records[0].exited == ["s0"])
        #expect(records[0].entered == ["p", "x", "y"])
    }

    @Test func targetListEntersSeveralRegions() throws {
        let session = try TestSupport.session(
            """
            <state id="a"><transition event="go" target="x2 y2"/></state>
            <parallel id="p">
              <state id="x"><state id="x1"/><state id="x2"/></state>
              <state id="y"><state id="y1"/><state id="y2"/></state>
            </parallel>
            """)
        let records = TestSupport.send(["go"], to: session)
        #expect(records[0].configuration == ["p", "x", "x2", "y", "y2"])
    }

    @Test func entryAndExitBlocksRunInDocumentOrder() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="trace" expr="''"/></datamodel>
            <state id="a">
              <onexit><assign location="trace" expr="trace + 'x1'"/></onexit>
              <onexit><assign location="trace" expr="trace + 'x2'"/></onexit>
              <transition event="go" target="b"><assign location="trace" expr="trace + 't'"/></transition>
            </state>
            <state id="b">
              <onentry><assign location="trace" expr="trace + 'e1'"/></onentry>
              <onentry><assign location="trace" expr="trace + 'e2'"/></onentry>
            </state>
            """)
        _ = TestSupport.send(["go"], to: session)
        #expect(session.snapshot.context.variables["trace"] == "x1x2te1e2")
    }

    @Test func raiseIsHandledBeforeTheNextExternalEvent() throws {
        let session = try TestSupport.session(
            """
            <state id="a">
              <onentry><send event="external"/><raise event="internal"/></onentry>
              <transition event="internal" target="b"/>
            </state>
            <state id="b"><transition event="external" target="c"/></state>
            <state id="c"/>
            """)
        #expect(session.initialMacrostep.entered == ["a", "b"])
        let records = session.processQueuedEvents()
        #expect(records.map(\.event) == ["external"])
        #expect(records.map(\.configuration) == [["c"]])
    }

    @Test func ifElseifElseAndLog() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="n" expr="2"/></datamodel>
            <state id="a"><onentry>
              <if cond="n == 1"><log label="branch" expr="'if'"/>
              <elseif cond="n == 2"/><log label="branch" expr="'elseif'"/>
              <else/><log label="branch" expr="'else'"/>
              </if>
              <log expr="n + 1"/>
            </onentry></state>
            """)
        #expect(session.initialMacrostep.logs.map(\.description) == ["branch: elseif", "3"])
    }

    @Test func lateBindingInitialisesDataOnFirstEntry() throws {
        let session = try TestSupport.session(
            """
            <state id="a">
              <transition event="go" cond="v === undefined" target="b"/>
            </state>
            <state id="b"><datamodel><data id="v" expr="1"/></datamodel></state>
            """, attributes: "datamodel=\"ecmascript\" binding=\"late\"")
        #expect(session.snapshot.context.variables["v"] == .undefined)
        _ = TestSupport.send(["go"], to: session)
        #expect(session.snapshot.context.variables["v"] == 1)
    }

    @Test func earlyBindingInitialisesEveryDataElementAtStart() throws {
        let session = try TestSupport.session(
            """
            <state id="a"/>
            <state id="b"><datamodel><data id="v" expr="1"/></datamodel></state>
            """)
        #expect(session.snapshot.context.variables["v"] == 1)
    }

    @Test func nullDataModelUsesIn() throws {
        let session = try TestSupport.session(
            """
            <parallel id="p">
              <state id="x"><transition event="go" cond="In('y')" type="internal" target="x2"/><state id="x1"/><state id="x2"/></state>
              <state id="y"/>
            </parallel>
            """, attributes: "datamodel=\"null\"")
        let records = TestSupport.send(["go"], to: session)
        #expect(records[0].entered == ["x2"])
    }
}
