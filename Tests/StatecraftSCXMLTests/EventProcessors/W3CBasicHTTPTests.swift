import Foundation
import StatecraftTestSupport
import Testing

@testable import StatecraftSCXML

/// The W3C IRP tests of the Basic HTTP Event I/O Processor, run with ``InMemoryBasicHTTPProcessor``: every
/// message goes through the form body and the request text a network would carry, without the network.
/// The same files over real HTTP on loopback are the `Server` package's to run.
@Suite("W3C Basic HTTP tests, in memory", .needsConformanceSuite)
struct W3CBasicHTTPTests {
    /// The manifest's Basic HTTP tests that are not manual.
    static let tests = ["201", "509", "510", "518", "519", "520", "522", "531", "532", "534", "567", "577"]

    /// Tests that need what this data model lacks, with the reason.
    static let expectedFailures: [String: String] = [:]

    @Test(arguments: tests) func runs(_ test: String) throws {
        let url = ConformanceSuite.w3cFull.appendingPathComponent("test\(test).scxml")
        let processor = InMemoryBasicHTTPProcessor()
        let inbox = SCXMLSessionInbox()
        processor.register(inbox, for: "statecraft")
        let outcome: SCXMLRunOutcome
        do {
            let session = try SCXMLSession(
                document: try SCXMLParser.parse(contentsOf: url), eventProcessors: [processor], inbox: inbox)
            outcome = session.run(events: [String]())
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
