import Foundation
import Statecraft
import Testing

@testable import StatecraftSCXML

/// Invoked sessions that never stop working end the invoking session's run instead of hanging it
/// (`Fuzz/Reproducers/scxml-invoked-child-loops-forever.scxml`, found by the scxml fuzz target).
@Suite("Invoked sessions that loop")
struct InvokedSessionLoopTests {
    /// A child whose state re-enters itself on every error and whose own child answers every entry with
    /// `done.invoke`: each of the child's macrosteps loops to the bound, and each answer starts another.
    static let loopingChild = """
        <state id="s0">
          <invoke type="http://www.w3.org/TR/scxml/"><content>
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="s0" datamodel="ecmascript">
              <state id="s0">
                <invoke type="http://www.w3.org/TR/scxml/"><content>
                  <scxml version="1.0" initial="done" datamodel="ecmascript"><final id="done"/></scxml>
                </content></invoke>
                <invoke type="http://example.com/unknown"/>
                <transition event="*" target="s0"/>
              </state>
            </scxml>
          </content></invoke>
          <transition event="never" target="s0"/>
        </state>
        """

    @Test func aChildThatDoesNotSettleEndsTheRun() throws {
        let document = try SCXMLParser.parse(string: TestSupport.document(Self.loopingChild), file: "loop.scxml")
        let session = try SCXMLSession(document: document)
        guard case .didNotSettle = session.run(events: ["a", "b"]) else {
            Issue.record("the run should end with the child's loop")
            return
        }
    }

    /// Two children that answer each other through the parent forever, each macrostep settling.
    @Test func childrenThatNeverStopSendingEndTheRunAtTheLimit() throws {
        let pinger = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
              <state id="p"><onentry><send event="ping" target="#_parent"/></onentry>
                <transition event="pong" target="p"/></state>
            </scxml>
            """
        let body = """
            <state id="s0">
              <invoke id="child" type="http://www.w3.org/TR/scxml/"><content>\(pinger)</content></invoke>
              <transition event="ping"><send event="pong" target="#_child"/></transition>
            </state>
            """
        let session = try SCXMLSession(
            document: try SCXMLParser.parse(string: TestSupport.document(body), file: "pingpong.scxml"))
        let outcome = session.run(events: [String](), eventLimit: 1_000)
        #expect(
            outcome == .eventLimitReached(1_000)
                || outcome == .eventLimitReached(SCXMLInvocationTree.maximumEventsPerRun))
    }
}
