import Foundation
import StatecraftTestSupport
import Testing

@testable import StatecraftSCXML

/// The manual W3C tests about `<invoke>`, checked automatically from their `<log>` output, which is what
/// their instructions ask a tester to read.
@Suite("W3C manual tests of <invoke>", .needsConformanceSuite)
struct W3CManualInvokeTests {
    /// The log output of a run of a w3c-full file, each entry as `statecraft run --log` prints it.
    static func logs(of file: String) throws -> (outcome: SCXMLRunOutcome, logs: [String]) {
        let session = try SCXMLSession(contentsOf: W3CFullConformanceTests.directory.appendingPathComponent(file))
        var logs: [String] = []
        let outcome = session.run(events: [String]()) { record in logs += record.logs.map(\.description) }
        return (outcome, logs)
    }

    /// Test 250: a cancelled child runs its `<onexit>` handlers, innermost first, and never reaches its
    /// final state.
    @Test func test250CancellingAChildRunsItsOnexitHandlers() throws {
        let (outcome, logs) = try Self.logs(of: "test250.scxml")
        #expect(outcome == .finished("final"))
        #expect(logs == ["[s0.invoke0] Exiting sub01", "[s0.invoke0] Exiting sub0"])
    }

    /// Test 230: an autoforwarded event reaches the child with the same fields the parent saw.
    @Test func test230AutoforwardKeepsTheEventsFields() throws {
        let (outcome, logs) = try Self.logs(of: "test230.scxml")
        #expect(outcome == .finished("final"))
        let parent = logs.filter { !$0.hasPrefix("[") }
        let child = logs.filter { $0.hasPrefix("[s0.invoke0] ") }.map { String($0.dropFirst("[s0.invoke0] ".count)) }
        #expect(parent.count == 7)
        #expect(child == parent, "parent: \(parent); child: \(child)")
        #expect(parent.first == "name is : childToParent")
        #expect(parent.contains("invokeid is : s0.invoke0"))
    }
}
