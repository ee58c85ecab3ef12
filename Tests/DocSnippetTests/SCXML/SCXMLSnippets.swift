// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Foundation
import Statecraft
import StatecraftSCXML
import StatecraftTesting
import Testing

// The Swift code of the StatecraftSCXML DocC articles, compiled and run; each ```swift block is an excerpt of
// this file (DocSnippetTextTests checks it). The samples read `door.scxml` from the current directory, so
// each test runs them in a fresh directory holding that file.

@Suite("SCXML article samples", .serialized)
struct SCXMLSnippets {
    static let door = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="closed">
          <state id="closed"><transition event="open" target="opened"/></state>
          <state id="opened">
            <transition event="close" target="closed"/>
            <transition event="start" target="closing"/>
          </state>
          <state id="closing">
            <onentry><send event="close" delay="1s"/></onentry>
            <transition event="close" target="closed"/>
          </state>
        </scxml>
        """

    /// Runs `body` in a new current directory that holds `door.scxml`.
    static func inDoorDirectory(_ body: () throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-scxml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try door.write(to: directory.appendingPathComponent("door.scxml"), atomically: true, encoding: .utf8)
        try CurrentDirectory.run(in: directory, body)
    }

    @Test func runningADocument() throws {
        try Self.inDoorDirectory {
            let session = try SCXMLSession(contentsOf: URL(fileURLWithPath: "door.scxml"))
            let outcome = session.run(events: ["open", "close"]) { record in
                print(record.jsonLine)
            }
            // {"event": null, "exited": [], "entered": ["closed"], "configuration": ["closed"]}
            // {"event": "open", "exited": ["closed"], "entered": ["opened"], "configuration": ["opened"]}
            // …
            #expect("\(outcome)".isEmpty == false)
        }
    }

    @Test func parsingAndExporting() throws {
        try Self.inDoorDirectory {
            let document = try SCXMLParser.parse(contentsOf: URL(fileURLWithPath: "door.scxml"))
            let text = SCXMLExporter().export(document)
            #expect(text.contains("closing"))
        }
    }

    @MainActor
    @Test func delayedSendsOnAManualClock() async throws {
        let document = try SCXMLParser.parse(string: Self.door)
        let machine = StateMachine(chart: try SCXMLChartBuilder().build(document))
        machine.handle(SCXMLEvent("open"))
        let clock = ManualClock()
        let runLoop = Task { await machine.run(clock: clock) }
        await clock.waitForRunLoops()
        machine.handle(SCXMLEvent("start"))
        #expect(machine.state.configuration == ["closing"])
        await clock.advance(by: .seconds(1))   // every <send delay> due by then has been handled
        #expect(machine.state.configuration == ["closed"])
        runLoop.cancel()
        await runLoop.value
    }

    @MainActor
    @Test func onTheOrdinaryRuntime() async throws {
        let document = try SCXMLParser.parse(string: Self.door)
        do {
            let machine = StateMachine(chart: try SCXMLChartBuilder().build(document))
            let runLoop = Task { await machine.run(clock: ContinuousClock()) }
            machine.handle(SCXMLEvent("start"))

            runLoop.cancel()
            await runLoop.value
        }
    }

    @Test func aProcessorHandsMessagesBack() throws {
        let document = try SCXMLParser.parse(
            string: """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">
                  <state id="waiting">
                    <onentry><send type="basichttp" targetexpr="_ioprocessors['basichttp'].location" event="pong"/></onentry>
                    <transition event="pong" target="done"/>
                  </state>
                  <final id="done"/>
                </scxml>
                """)
        let inbox = SCXMLSessionInbox()
        let session = try SCXMLSession(
            document: document, sessionID: "ping", eventProcessors: [LoopbackProcessor(inbox: inbox)], inbox: inbox)
        // <send type="basichttp" targetexpr="_ioprocessors['basichttp'].location" event="pong"/> comes back as `pong`.
        #expect(session.run(events: [String]()) == .finished("done"))
    }
}

/// Hands every Basic HTTP message to one session's inbox, as a server receiving the POST would.
final class LoopbackProcessor: SCXMLEventProcessor {
    let type = SCXMLBasicHTTPMessage.processorType
    let shortName: String? = SCXMLBasicHTTPMessage.shortName
    let inbox: SCXMLSessionInbox

    init(inbox: SCXMLSessionInbox) { self.inbox = inbox }

    func location(ofSession sessionID: String) -> String { "http://127.0.0.1:8080/scxml/\(sessionID)" }

    func send(_ message: SCXMLOutgoingMessage) throws(SCXMLCommunicationError) {
        let body = SCXMLBasicHTTPMessage.body(of: message)
        let headers = [(name: "Content-Type", value: SCXMLBasicHTTPMessage.contentType)]
        inbox.post(SCXMLBasicHTTPMessage.event(method: "POST", target: "/scxml/ping", headers: headers, body: body))
    }
}
