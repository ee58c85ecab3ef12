import Foundation
import Statecraft
import Testing

@testable import StatecraftSCXML

/// `<invoke>` (SCXML 1.0 §6.4): child sessions run on the invoking session's virtual time, started after
/// the macrostep that entered their state and cancelled when it is left; they talk to their parent through
/// `#_parent`, the parent to them through `#_<invokeid>` and `autoforward`.
@Suite("SCXML <invoke>")
struct SCXMLInvokeTests {
    /// A child that tells its parent `hello`, answers `ping` with `pong`, and finishes on `stop`.
    static let child = """
        <content><scxml version="1.0" datamodel="ecmascript">
          <state id="c0">
            <onentry><send event="hello" target="#_parent"/></onentry>
            <transition event="ping"><send event="pong" target="#_parent"/></transition>
            <transition event="stop" target="cdone"/>
          </state>
          <final id="cdone"/>
        </scxml></content>
        """

    /// The external events a session processed after its start, in order.
    static func events(_ records: [SCXMLMacrostepRecord]) -> [String] {
        records.compactMap(\.event)
    }

    @Test func theReaderKeepsEveryAttributeAndChild() throws {
        let document = try SCXMLParser.parse(
            string: TestSupport.document(
                """
                <datamodel><data id="where"/></datamodel>
                <state id="s0">
                  <invoke type="scxml" srcexpr="'file:child.scxml'" idlocation="where" autoforward="true"
                          namelist="where">
                    <param name="a" expr="1"/>
                    <finalize><log expr="'done'"/></finalize>
                  </invoke>
                </state>
                """))
        let invoke = try #require(document.states.first?.invokes.first)
        #expect(invoke.type == .literal("scxml"))
        #expect(invoke.idLocation == "where")
        #expect(invoke.autoforward)
        #expect(invoke.namelist == ["where"])
        #expect(invoke.params.map(\.name) == ["a"])
        #expect(invoke.finalize.count == 1)
        #expect(invoke.content == nil)
    }

    @Test func srcAndContentTogetherAreALoadError() throws {
        let error = try #require(
            TestSupport.parseError(
                TestSupport.document(
                    #"<state id="s0"><invoke src="file:x.scxml">\#(Self.child)</invoke></state>"#)))
        guard case .invalidStructure("invoke", _, let at) = error else {
            Issue.record("expected invalidStructure, got \(error)")
            return
        }
        #expect(at.line == 2)
    }

    @Test func theChildStartsAfterTheMacrostepAndTalksToItsParent() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <invoke id="kid">\(Self.child)</invoke>
              <transition event="hello"><send event="ping" target="#_kid"/></transition>
              <transition event="pong" target="s1"/>
            </state>
            <state id="s1"/>
            """)
        // The child's hello waits in the parent's external queue.
        #expect(session.queuedEventCount == 1)
        #expect(session.runningInvocations == ["kid"])
        let records = session.processQueuedEvents()
        #expect(Self.events(records) == ["hello", "pong"])
        #expect(session.snapshot.configuration == ["s1"])
    }

    @Test func doneInvokeArrivesWhenTheChildFinishes() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <invoke id="kid">\(Self.child)</invoke>
              <transition event="hello"><send event="stop" target="#_kid"/></transition>
              <transition event="done.invoke.kid" cond="_event.invokeid == 'kid'" target="pass"/>
            </state>
            <final id="pass"/>
            """)
        let records = session.processQueuedEvents()
        #expect(Self.events(records) == ["hello", "done.invoke.kid"])
        #expect(session.snapshot.finalState == "pass")
    }

    @Test func leavingTheStateCancelsTheChild() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <invoke id="kid">\(Self.child)</invoke>
              <transition event="hello" target="s1"/>
            </state>
            <state id="s1">
              <onentry><send event="ping" target="#_kid"/></onentry>
              <transition event="pong" target="fail"/>
            </state>
            <final id="fail"/>
            """)
        let records = session.processQueuedEvents()
        // The child is gone once s0 is left: nobody answers the ping, which is error.communication.
        #expect(Self.events(records) == ["hello", "error.communication"])
        #expect(session.snapshot.configuration == ["s1"])
        #expect(session.invocationTree.children.isEmpty)
    }

    @Test func aChildStillRunningIsReleasedWithItsSession() throws {
        weak var child: SCXMLChildSession?
        weak var childMachine: StateMachine<SCXMLChart>?
        do {
            let session = try TestSupport.session(
                """
                <state id="s0"><invoke id="kid">\(Self.child)</invoke></state>
                """)
            _ = session.processQueuedEvents()
            child = session.invocationTree.children.first
            childMachine = child?.machine
            #expect(child != nil)
        }
        // The child's runtime holds the invocation tree, which holds the child: the session breaks the cycle.
        #expect(child == nil)
        #expect(childMachine == nil)
    }

    @Test func aSessionRefusesToSaveWhileAChildRunsAndSavesOnceItIsGone() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <invoke id="kid">\(Self.child)</invoke>
              <transition event="go" target="s1"/>
            </state>
            <state id="s1"/>
            """)
        _ = session.processQueuedEvents()
        #expect(session.runningInvocations == ["kid"])
        // Saving would leave the child out: refused, naming it, instead of a snapshot that loses it.
        #expect(throws: SnapshotError.invocationsRunning(["kid"])) { try session.saveSnapshot() }
        _ = session.run(input: [.event("go")])
        #expect(session.runningInvocations.isEmpty)
        let saved = try session.saveSnapshot()
        #expect(saved.chart.configuration == ["s1"])
    }

    @Test func autoforwardSendsTheParentsExternalEventsToTheChild() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <invoke id="kid" autoforward="true">\(Self.child)</invoke>
              <transition event="pong" target="pass"/>
            </state>
            <final id="pass"/>
            """)
        session.processQueuedEvents()
        session.enqueue(SCXMLEvent("ping"))
        let records = session.processQueuedEvents()
        #expect(Self.events(records) == ["ping", "pong"])
        #expect(session.isFinished)
    }

    @Test func paramsAndNamelistReplaceTheChildsData() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="x" expr="7"/></datamodel>
            <state id="s0">
              <invoke namelist="x">
                <param name="y" expr="x + 1"/>
                <content><scxml version="1.0" datamodel="ecmascript">
                  <datamodel><data id="x" expr="0"/><data id="y" expr="0"/></datamodel>
                  <state id="c0">
                    <transition cond="x == 7 &amp;&amp; y == 8" target="cdone"/>
                  </state>
                  <final id="cdone"/>
                </scxml></content>
              </invoke>
              <transition event="done.invoke" target="pass"/>
            </state>
            <final id="pass"/>
            """)
        session.processQueuedEvents()
        #expect(session.snapshot.finalState == "pass")
    }

    @Test func anUnsupportedTypeIsErrorExecutionAtRunTime() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <invoke type="http://example.org/other">\(Self.child)</invoke>
              <transition event="error.execution" target="pass"/>
            </state>
            <final id="pass"/>
            """)
        #expect(session.initialMacrostep.errors.first?.contains("type 'http://example.org/other'") == true)
        #expect(session.snapshot.finalState == "pass")
    }

    @Test func idlocationReceivesTheGeneratedID() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="where"/></datamodel>
            <state id="s0">
              <invoke idlocation="where">\(Self.child)</invoke>
              <transition event="hello" cond="where == 's0.invoke0' &amp;&amp; _event.invokeid == where"
                          target="pass"/>
            </state>
            <final id="pass"/>
            """)
        session.processQueuedEvents()
        #expect(session.snapshot.finalState == "pass")
    }

    @Test func theChildsTimersRunOnTheParentsVirtualTime() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <onentry><send event="late" delay="3s"/></onentry>
              <invoke>
                <content><scxml version="1.0" datamodel="ecmascript">
                  <state id="c0">
                    <onentry><send event="tick" delay="1s"/></onentry>
                    <transition event="tick"><send event="ticked" target="#_parent"/></transition>
                  </state>
                </scxml></content>
              </invoke>
              <transition event="ticked" target="s1"/>
              <transition event="late" target="fail"/>
            </state>
            <state id="s1"><transition event="late" target="pass"/></state>
            <final id="pass"/>
            <final id="fail"/>
            """)
        let outcome = session.run(events: [String]())
        #expect(outcome == .finished("pass"))
        #expect(session.now == .seconds(3))
    }

    @Test func aDelayedSendToTheParentWaitsAndDiesWithTheChild() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <invoke id="kid"><content><scxml version="1.0" datamodel="ecmascript">
                <state id="c0">
                  <onentry>
                    <send event="soon" target="#_parent" delay="1s"/>
                    <send event="never" target="#_parent" delay="5s"/>
                    <send event="quit" delay="2s"/>
                  </onentry>
                  <transition event="quit" target="cdone"/>
                </state>
                <final id="cdone"/>
              </scxml></content></invoke>
            </state>
            """)
        var seen: [(String?, Duration)] = []
        session.run(events: [String]()) { record in seen.append((record.event, record.time)) }
        // `never` was still waiting in the child when it finished at 2 s: it is dropped with the child.
        #expect(seen.map(\.0) == [nil, "soon", "done.invoke.kid"])
        #expect(seen.map(\.1) == [.zero, .seconds(1), .seconds(2)])
    }

    @Test func anUndeclaredNamelistEntryIsErrorExecutionAndNothingStarts() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <invoke namelist="nowhere">\(Self.child)</invoke>
              <transition event="error.execution" target="pass"/>
            </state>
            <final id="pass"/>
            """)
        #expect(session.snapshot.finalState == "pass")
        #expect(session.invocationTree.children.isEmpty)
    }

    @Test func finalizeUpdatesTheDataModelBeforeTheChildsEventIsProcessed() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="seen" expr="0"/></datamodel>
            <state id="s0">
              <invoke id="kid">
                <content><scxml version="1.0" datamodel="ecmascript">
                  <final id="c0"><onentry>
                    <send event="result" target="#_parent"><param name="value" expr="42"/></send>
                  </onentry></final>
                </scxml></content>
                <finalize><assign location="seen" expr="_event.data.value"/></finalize>
              </invoke>
              <transition event="result" cond="seen == 42" target="s1"/>
            </state>
            <state id="s1">
              <!-- The done event was queued before s0 was left; its invocation is cancelled by now. -->
              <transition event="done.invoke.kid" cond="seen == 42" target="pass"/>
            </state>
            <final id="pass"/>
            """)
        session.processQueuedEvents()
        #expect(session.snapshot.finalState == "pass")
    }

    @Test func aCancelledChildRunsItsOnexitButSendsNothing() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <invoke id="kid"><content><scxml version="1.0" datamodel="ecmascript">
                <state id="c0">
                  <onexit>
                    <log label="child" expr="'exiting'"/>
                    <send event="fromExit" target="#_parent"/>
                  </onexit>
                </state>
              </scxml></content></invoke>
              <transition event="leave" target="s1"/>
            </state>
            <state id="s1"><transition event="fromExit" target="fail"/></state>
            <final id="fail"/>
            """)
        session.enqueue(SCXMLEvent("leave"))
        let records = session.processQueuedEvents()
        #expect(records.first?.logs.map(\.label) == ["child"])
        // Log output of an invoked session names it: `statecraft run --log` prints `log: [kid] child: exiting`.
        #expect(records.first?.logs.map(\.description) == ["[kid] child: exiting"])
        #expect(Self.events(records) == ["leave"])
        #expect(session.snapshot.configuration == ["s1"])
    }

    @Test func aSendToAnInvokeIDThatRunsNothingIsErrorCommunication() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <onentry><send event="hi" target="#_nobody"/></onentry>
              <transition event="error.communication" target="pass"/>
              <transition event="*" target="fail"/>
            </state>
            <final id="pass"/>
            <final id="fail"/>
            """)
        session.processQueuedEvents()
        #expect(session.snapshot.finalState == "pass")
    }

    @Test func doneInvokeCarriesTheTopLevelFinalsDonedata() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <invoke id="kid"><content><scxml version="1.0" datamodel="ecmascript">
                <final id="c0"><donedata><param name="answer" expr="42"/></donedata></final>
              </scxml></content></invoke>
              <transition event="done.invoke.kid" cond="_event.data.answer == 42" target="pass"/>
              <transition event="*" target="fail"/>
            </state>
            <final id="pass"/>
            <final id="fail"/>
            """)
        session.processQueuedEvents()
        #expect(session.snapshot.finalState == "pass")
    }

    @Test func contentExprStartsADocumentAssignedInline() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="doc" expr="1"/></datamodel>
            <state id="s0">
              <onentry>
                <assign location="doc"><scxml version="1.0"><final id="f"/></scxml></assign>
              </onentry>
              <invoke><content expr="doc"/></invoke>
              <transition event="done.invoke" target="pass"/>
              <transition event="*" target="fail"/>
            </state>
            <final id="pass"/>
            <final id="fail"/>
            """)
        session.processQueuedEvents()
        #expect(session.snapshot.finalState == "pass")
    }

    @Test func contentExprThatIsNoDocumentIsErrorExecution() throws {
        let session = try TestSupport.session(
            """
            <state id="s0">
              <invoke><content expr="42"/></invoke>
              <transition event="error.execution" target="pass"/>
            </state>
            <final id="pass"/>
            """)
        #expect(session.snapshot.finalState == "pass")
        #expect(session.initialMacrostep.errors.first?.contains("not a document") == true)
    }
}
