import Foundation
import Statecraft
import Testing

@testable import StatecraftSCXML

/// Hostile input to a running session (issue 40): snapshots that are not states the session can be in,
/// counters and times at their limits, a document that invokes itself, a `<data src>` naming a FIFO.
/// Each is refused with an error naming it — never a trap, a stack overflow or a hang.
@Suite("Session hostile input")
struct SessionHostileInputTests {
    static let body = """
        <datamodel><data id="count" expr="0"/><data id="sendID"/></datamodel>
        <state id="main" initial="a">
          <state id="a"><transition event="next" target="b"/></state>
          <state id="b"><onentry><send event="tick" idlocation="sendID" delay="1s"/></onentry></state>
        </state>
        <parallel id="both"><state id="left"/><state id="right"/></parallel>
        """

    static func document() throws -> SCXMLDocument {
        try SCXMLParser.parse(string: TestSupport.document(body), file: "test.scxml")
    }

    /// A snapshot of the document's session in `a`, edited by `edit`, restored; the error it throws.
    static func restoreError(_ edit: (inout SCXMLSessionSnapshot) -> Void) throws -> SCXMLRestoreError? {
        let document = try document()
        var saved = try SCXMLSession(document: document).saveSnapshot()
        edit(&saved)
        do {
            _ = try SCXMLSession(document: document, restoring: saved)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Item 2: time arithmetic

    @Test func tenLongestPausesMakeSavingRefuseRatherThanTrap() throws {
        let session = try SCXMLSession(document: try Self.document())
        let pauses = Array(repeating: SCXMLRunInput.advance(.seconds(1_000_000_000)), count: 10)
        session.run(input: pauses, finishDelayedEvents: false)
        #expect(session.now == .seconds(10_000_000_000))
        #expect(throws: SnapshotError.timeOutOfRange("the virtual time 10000000000.0 seconds")) {
            try session.saveSnapshot()
        }
        let held = SCXMLSessionSnapshot(
            chart: try SCXMLSession(document: try Self.document()).saveSnapshot().chart, now: session.now,
            queuedEvents: [])
        #expect(held.nowNanoseconds == .max)
    }

    @Test func negativeTimesInASnapshotAreRefused() throws {
        let error = try Self.restoreError { $0.nowNanoseconds = -1 }
        #expect(error == .invalidSnapshot([.timeOutOfRange("nowNanoseconds", nanoseconds: -1)]))
        #expect(error?.description.contains("nowNanoseconds is -1 ns") == true)
    }

    // MARK: - Items 4 and 13: configurations and data models that cannot be

    @Test func anIllegalConfigurationIsRefusedNamingEachProblem() throws {
        let cases: [([String], String)] = [
            (["a"], "'a' is active but its parent 'main' is not"),
            (["main", "a", "b"], "compound state 'main' has 2 active children"),
            (["both", "left"], "region 'right' of active parallel state 'both' is not active"),
        ]
        for (configuration, problem) in cases {
            let error = try Self.restoreError { $0.chart.configuration = configuration }
            guard case .snapshot(.illegalConfiguration(let problems)) = error else {
                Issue.record("\(configuration): \(String(describing: error))")
                continue
            }
            #expect(problems.contains(problem), "\(configuration): \(problems)")
        }
    }

    @Test func aDataModelMissingADeclaredVariableIsRefused() throws {
        let error = try Self.restoreError { $0.chart.context.variables["count"] = nil }
        #expect(error == .invalidSnapshot([.missingVariable("count")]))
        #expect(
            error?.description
                == "the snapshot does not fit the document: the data model has no variable 'count', which the document declares"
        )
    }

    @Test func aSystemVariableOrAnUnknownScopeInTheDataModelIsRefused() throws {
        let error = try Self.restoreError { saved in
            saved.chart.context.variables["_event"] = .string("forged")
            saved.chart.context.boundScopes.insert("nowhere")
        }
        #expect(
            error == .invalidSnapshot([.systemVariable("_event"), .unknownScope("nowhere", member: "boundScopes")]))
    }

    // MARK: - Item 5: counters read from a snapshot

    @Test func aSendIDCounterAtItsLimitIsRefused() throws {
        for value in [Int.max, -1] {
            let error = try Self.restoreError { $0.chart.context.generatedSendIDs = value }
            #expect(
                error
                    == .invalidSnapshot([.counterOutOfRange("generatedSendIDs", value: value, range: 0...(Int.max - 1))]
                    ))
        }
    }

    @Test func theLastSendIDIsGeneratedAndTheNextRaisesAnError() throws {
        let document = try Self.document()
        var saved = try SCXMLSession(document: document).saveSnapshot()
        saved.chart.context.generatedSendIDs = Int.max - 1
        let session = try SCXMLSession(document: document, restoring: saved)
        session.enqueue(SCXMLEvent("next"))
        session.processQueuedEvents()
        #expect(session.snapshot.context.variables["sendID"] == .string("send.\(Int.max)"))
        var model = session.snapshot.context
        #expect(model.makeSendID() == nil)
        #expect(model.generatedSendIDs == .max)
    }
}
