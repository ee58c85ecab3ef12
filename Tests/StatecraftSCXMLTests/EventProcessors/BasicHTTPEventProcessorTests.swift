import Foundation
import StatecraftTestSupport
import Testing

@testable import StatecraftSCXML

@Suite("Event I/O Processors and the Basic HTTP message format")
struct BasicHTTPEventProcessorTests {
    /// A session with the in-memory Basic HTTP processor, its inbox registered before it starts.
    static func session(_ body: String, sessionID: String = "s1") throws -> (SCXMLSession, InMemoryBasicHTTPProcessor) {
        let processor = InMemoryBasicHTTPProcessor()
        let inbox = SCXMLSessionInbox()
        processor.register(inbox, for: sessionID)
        let document = try SCXMLParser.parse(string: TestSupport.document(body), file: "http.scxml")
        let session = try SCXMLSession(
            document: document, sessionID: sessionID, eventProcessors: [processor], inbox: inbox)
        return (session, processor)
    }

    static let send = "type=\"http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor\""

    @Test func aMessageIsAFormBodyWithTheEventNameFirst() {
        let message = SCXMLOutgoingMessage(
            event: "test", target: "http://127.0.0.1/x", parameters: [("Var1", .number(2)), ("a b", .string("x&y"))],
            origin: "here")
        #expect(SCXMLBasicHTTPMessage.body(of: message) == "_scxmleventname=test&Var1=2&a%20b=x%26y")
        let content = SCXMLOutgoingMessage(
            event: nil, target: "http://127.0.0.1/x", content: .string("this is some content"), origin: "here")
        #expect(SCXMLBasicHTTPMessage.body(of: content) == "this%20is%20some%20content")
    }

    @Test func aRequestBecomesAnEventWithItsRawText() {
        let headers = [(name: "Content-Type", value: SCXMLBasicHTTPMessage.contentType)]
        let named = SCXMLBasicHTTPMessage.event(
            method: "POST", target: "/scxml/s1", headers: headers, body: "_scxmleventname=go&param1=2&x=a+b%21")
        #expect(named.name == "go")
        #expect(named.type == .external)
        #expect(named.originType == SCXMLBasicHTTPMessage.processorType)
        #expect(named.data == .object(SCXMLObject([("param1", .string("2")), ("x", .string("a b!"))])))
        #expect(named.raw?.hasPrefix("POST /scxml/s1 HTTP/1.1\r\nContent-Type: ") == true)
        #expect(named.raw?.hasSuffix("\r\n\r\n_scxmleventname=go&param1=2&x=a+b%21") == true)
        let unnamed = SCXMLBasicHTTPMessage.event(method: "post", target: "/", headers: headers, body: "some%20content")
        #expect(unnamed.name == "HTTP.POST")
        #expect(unnamed.data == .string("some content"))
        let malformed = SCXMLBasicHTTPMessage.event(method: "POST", target: "/", headers: headers, body: "%zz=%4")
        #expect(malformed.data == .object(SCXMLObject([("%zz", .string("%4"))])))
    }

    @Test func theProcessorIsListedInIOProcessors() throws {
        let (session, _) = try Self.session(
            """
            <datamodel><data id="where"/></datamodel>
            <state id="s"><onentry><assign location="where" expr="_ioprocessors['basichttp'].location"/></onentry>
              <transition cond="where === _ioprocessors['http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor'].location" target="pass"/></state>
            <final id="pass"/>
            """)
        #expect(session.snapshot.finalState == "pass")
        #expect(session.snapshot.context.variables["where"] == .string("http://127.0.0.1:8080/scxml/s1"))
    }

    /// W3C test 201's order: the answer to a send comes before what the chart sends after it.
    @Test func anAnswerArrivesBeforeWhatTheChartSendsAfterTheSend() throws {
        let (session, processor) = try Self.session(
            """
            <state id="s0"><onentry>
              <send \(Self.send) targetexpr="_ioprocessors['basichttp']['location']" event="event1"/>
              <send event="timeout"/>
            </onentry>
              <transition event="event1" cond="_event.raw.search('_scxmleventname=event1') !== -1" target="pass"/>
              <transition event="*" target="fail"/></state>
            <final id="pass"/><final id="fail"/>
            """)
        #expect(session.run(events: [String]()) == .finished("pass"))
        #expect(processor.sent.map(\.event) == ["event1"])
    }

    /// W3C test 577: a send of this type without a target is `error.communication`.
    @Test func aSendWithoutATargetIsACommunicationError() throws {
        let (session, _) = try Self.session(
            """
            <state id="s0"><onentry><send event="event1"/><send event="test" \(Self.send)/></onentry>
              <transition event="error.communication" target="pass"/><transition event="*" target="fail"/></state>
            <final id="pass"/><final id="fail"/>
            """)
        #expect(session.run(events: [String]()) == .finished("pass"))
    }

    @Test func anUnreachableTargetIsACommunicationErrorWithTheSendID() throws {
        let (session, _) = try Self.session(
            """
            <state id="s0"><onentry><send id="lost" event="e" \(Self.send) target="http://127.0.0.1:9/nowhere"/></onentry>
              <transition event="error.communication" cond="_event.sendid === 'lost'" target="pass"/>
              <transition event="*" target="fail"/></state>
            <final id="pass"/><final id="fail"/>
            """)
        #expect(session.run(events: [String]()) == .finished("pass"))
    }

    @Test func aDelayedSendIsDeliveredWhenDueAndCanBeCancelled() throws {
        let (session, processor) = try Self.session(
            """
            <state id="s0"><onentry>
              <send id="kept" event="late" \(Self.send) targetexpr="_ioprocessors['basichttp'].location" delay="2s">
                <param name="p" expr="7"/></send>
              <send id="dropped" event="never" \(Self.send) targetexpr="_ioprocessors['basichttp'].location" delay="1s"/>
              <cancel sendid="dropped"/>
            </onentry>
              <transition event="late" cond="_event.data.p == 7" target="pass"/><transition event="*" target="fail"/></state>
            <final id="pass"/><final id="fail"/>
            """)
        #expect(processor.sent.isEmpty)
        #expect(session.run(events: [String]()) == .finished("pass"))
        #expect(processor.sent.map(\.event) == ["late"])
        #expect(session.now == .seconds(2))
    }

    @Test func aSendOfContentAloneNeedsNoEventName() throws {
        let (session, _) = try Self.session(
            """
            <state id="s0"><onentry>
              <send \(Self.send) targetexpr="_ioprocessors['basichttp'].location"><content>some content</content></send>
            </onentry>
              <transition event="HTTP.POST" cond="_event.data === 'some content'" target="pass"/>
              <transition event="*" target="fail"/></state>
            <final id="pass"/><final id="fail"/>
            """)
        #expect(session.run(events: [String]()) == .finished("pass"))
    }

    @Test func anSCXMLSendStillNeedsAnEventName() {
        let error = TestSupport.parseError(
            TestSupport.document("<state id=\"s\"><onentry><send target=\"#_internal\"/></onentry></state>"))
        guard case .missingAttribute(let name, let element, _)? = error else {
            Issue.record("expected a missing event attribute, got \(String(describing: error))")
            return
        }
        #expect(name == "event" && element == "send")
    }

    @Test func withoutTheProcessorTheTypeIsAnExecutionError() throws {
        let document = try SCXMLParser.parse(
            string: TestSupport.document(
                """
                <state id="s0"><onentry><send event="e" \(Self.send) target="http://127.0.0.1:9/x"/></onentry>
                  <transition event="error.execution" target="pass"/><transition event="*" target="fail"/></state>
                <final id="pass"/><final id="fail"/>
                """), file: "plain.scxml")
        #expect(try SCXMLSession(document: document).run(events: [String]()) == .finished("pass"))
    }

    @Test func aSnapshotKeepsAWaitingMessageAndItsRawEvents() throws {
        let (session, _) = try Self.session(
            """
            <state id="s0"><onentry>
              <send event="late" \(Self.send) targetexpr="_ioprocessors['basichttp'].location" delay="5s"/>
            </onentry><transition event="late" target="pass"/></state>
            <final id="pass"/>
            """)
        let saved = try session.saveSnapshot()
        let data = try JSONEncoder().encode(saved)
        let processor = InMemoryBasicHTTPProcessor()
        let inbox = SCXMLSessionInbox()
        processor.register(inbox, for: "s1")
        let restored = try SCXMLSession(
            document: session.document, sessionID: "s1",
            restoring: try JSONDecoder().decode(SCXMLSessionSnapshot.self, from: data),
            eventProcessors: [processor], inbox: inbox)
        #expect(restored.run(events: [String]()) == .finished("pass"))
        #expect(processor.sent.count == 1)
        var event = SCXMLEvent("x")
        event.raw = "POST / HTTP/1.1\r\n\r\n"
        #expect(try JSONDecoder().decode(SCXMLEvent.self, from: JSONEncoder().encode(event)) == event)
    }
}
