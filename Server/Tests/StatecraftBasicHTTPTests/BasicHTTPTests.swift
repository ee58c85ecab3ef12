import Foundation
import StatecraftBasicHTTP
import StatecraftSCXML
import Testing

/// Sessions that send and receive events over HTTP on loopback.
@Suite("Basic HTTP Event I/O Processor on loopback")
struct BasicHTTPTests {
    static let type = "type=\"http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor\""

    /// Runs a session on a thread of its own: its sends block until the server (on Swift concurrency's
    /// threads) has answered.
    static func run(_ text: String, sessionID: String, on endpoint: BasicHTTPEndpoint) async throws -> SCXMLRunOutcome {
        let document = try SCXMLParser.parse(string: text, file: "\(sessionID).scxml")
        return try await onOwnThread {
            let inbox = SCXMLSessionInbox()
            endpoint.receiver.register(inbox, for: sessionID)
            defer { endpoint.receiver.unregister(sessionID) }
            let session = try SCXMLSession(
                document: document, sessionID: sessionID, eventProcessors: [endpoint.processor], inbox: inbox)
            return session.run(events: [String]())
        }
    }

    /// Runs `body` on a new thread and waits for its result without holding a cooperative thread.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.start()
        }
    }

    static func chart(_ body: String) -> String {
        """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
        \(body)
        <final id="pass"/><final id="fail"/>
        </scxml>
        """
    }

    @Test func aSessionSendsItselfAnEventOverHTTP() async throws {
        let endpoint = try await BasicHTTPEndpoint.start()
        defer { endpoint.stop() }
        let outcome = try await Self.run(
            Self.chart(
                """
                <datamodel><data id="n" expr="7"/></datamodel>
                <state id="s0"><onentry>
                  <send event="ping" \(Self.type) targetexpr="_ioprocessors['basichttp'].location" namelist="n"/>
                  <send event="later"/>
                </onentry>
                  <transition event="ping" cond="_event.data.n == '7' &amp;&amp; _event.raw.indexOf('POST /scxml/one ') === 0" target="pass"/>
                  <transition event="*" target="fail"/></state>
                """), sessionID: "one", on: endpoint)
        #expect(outcome == .finished("pass"))
    }

    @Test func oneSessionSendsAnotherAnEvent() async throws {
        let endpoint = try await BasicHTTPEndpoint.start()
        defer { endpoint.stop() }
        let inbox = SCXMLSessionInbox()
        endpoint.receiver.register(inbox, for: "listener")
        let target = endpoint.processor.location(ofSession: "listener")
        let outcome = try await Self.run(
            Self.chart(
                """
                <state id="s0"><onentry><send event="hello" \(Self.type) target="\(target)"/></onentry>
                  <transition target="pass"/></state>
                """), sessionID: "speaker", on: endpoint)
        #expect(outcome == .finished("pass"))
        #expect(inbox.count == 1)
    }

    @Test func anUnknownSessionOrAClosedPortIsACommunicationError() async throws {
        let endpoint = try await BasicHTTPEndpoint.start()
        defer { endpoint.stop() }
        for target in ["http://127.0.0.1:\(endpoint.port)/scxml/nobody", "http://127.0.0.1:9/scxml/x"] {
            let outcome = try await Self.run(
                Self.chart(
                    """
                    <state id="s0"><onentry><send id="s" event="e" \(Self.type) target="\(target)"/></onentry>
                      <transition event="error.communication" cond="_event.sendid === 's'" target="pass"/>
                      <transition event="*" target="fail"/></state>
                    """), sessionID: "sender", on: endpoint)
            #expect(outcome == .finished("pass"), "\(target)")
        }
    }

    @Test func anotherHostIsRefusedWithoutAConnection() throws {
        let processor = BasicHTTPEventProcessor(baseURL: "http://127.0.0.1:1")
        let message = SCXMLOutgoingMessage(event: "e", target: "http://192.0.2.1/x", origin: "here")
        #expect(throws: SCXMLCommunicationError.self) { try processor.send(message) }
        let file = SCXMLOutgoingMessage(event: "e", target: "file:///etc/passwd", origin: "here")
        #expect(throws: SCXMLCommunicationError.self) { try processor.send(file) }
    }

    @Test func aBodyOverTheLimitIsRefused() async throws {
        let endpoint = try await BasicHTTPEndpoint.start(receiver: BasicHTTPReceiver(maximumBodySize: 64))
        defer { endpoint.stop() }
        let inbox = SCXMLSessionInbox()
        endpoint.receiver.register(inbox, for: "small")
        let message = SCXMLOutgoingMessage(
            event: "e", target: endpoint.processor.location(ofSession: "small"),
            content: .string(String(repeating: "x", count: 1000)), origin: "here")
        let processor = endpoint.processor
        let error = try await Self.onOwnThread { () -> SCXMLCommunicationError? in
            do throws(SCXMLCommunicationError) {
                try processor.send(message)
                return nil
            } catch {
                return error
            }
        }
        #expect(error?.reason == "HTTP 413")
        #expect(inbox.count == 0)
    }
}

/// The W3C IRP's Basic HTTP tests, over HTTP on loopback.
@Suite("W3C Basic HTTP tests on loopback", .needsW3CFiles)
struct W3CBasicHTTPLoopbackTests {
    static let tests = ["201", "509", "510", "518", "519", "520", "522", "531", "532", "534", "567", "577"]
    /// What this data model lacks for some of them.
    static let expectedFailures: [String: String] = [:]

    @Test(arguments: tests) func runs(_ test: String) async throws {
        let endpoint = try await BasicHTTPEndpoint.start()
        defer { endpoint.stop() }
        let url = W3CFiles.directory.appendingPathComponent("test\(test).scxml")
        let outcome: SCXMLRunOutcome
        do {
            outcome = try await BasicHTTPTests.run(
                try String(contentsOf: url, encoding: .utf8), sessionID: "w3c\(test)", on: endpoint)
        } catch {
            #expect(Self.expectedFailures[test] != nil, "test \(test): \(error)")
            return
        }
        if Self.expectedFailures[test] != nil {
            #expect(outcome != .finished("pass"), "test \(test) passes: take it off the expected failures")
        } else {
            #expect(outcome == .finished("pass"), "test \(test): \(outcome)")
        }
    }
}
