import Foundation
import StatecraftTestSupport
import Testing

@testable import StatecraftSCXML

/// Automatic checks of the IRP's manual tests that need no `<invoke>` (178 301 307 313 314; 415 runs in
/// ``W3CConformanceTests``, 230 and 250 need `<invoke>`): each asserts what the tester is asked to look at.
@Suite("W3C manual tests, checked automatically", .needsConformanceSuite)
struct W3CManualTests {
    static func url(_ test: Int) -> URL {
        W3CFullConformanceTests.directory.appendingPathComponent("test\(test).scxml")
    }

    /// 178: both values of a repeated `<param>` reach the event. The test logs `_event.raw`, which this
    /// processor does not provide; the variant reads `_event.data` instead.
    @Test func test178RepeatedParamsKeepEveryValue() throws {
        let session = try SCXMLSession(contentsOf: Self.url(178))
        #expect(session.run(events: [String]()) == .finished("final"))
        let variant = try TestSupport.session(
            """
            <datamodel><data id="got"/></datamodel>
            <state id="s0">
              <onentry><send event="event1"><param name="Var1" expr="2"/><param name="Var1" expr="3"/></send></onentry>
              <transition event="event1" target="done"><assign location="got" expr="_event.data.Var1"/></transition>
            </state>
            <final id="done"/>
            """)
        variant.processQueuedEvents()
        #expect(variant.snapshot.context.variables["got"] == .array([2, 3]))
    }

    /// 301: a script whose `src` cannot be fetched makes the document non-conformant: it is rejected.
    @Test func test301IsRejectedAtLoad() throws {
        #expect(throws: SCXMLError.self) { try SCXMLParser.parse(contentsOf: Self.url(301)) }
    }

    /// 307: with late binding, reading a variable before its state binds it and reading a missing property
    /// of it afterwards behave alike: both log `undefined`, neither raises an error.
    @Test func test307UnboundAndMissingReadTheSame() throws {
        let session = try SCXMLSession(contentsOf: Self.url(307))
        var records: [SCXMLMacrostepRecord] = []
        session.run(events: [String]()) { records.append($0) }
        let logs = records.flatMap(\.logs)
        let values = logs.filter { $0.label?.hasPrefix("entering") == true }.map(\.value)
        #expect(values == ["undefined", "undefined"], "\(logs)")
        #expect(records.flatMap(\.errors).isEmpty)
        #expect(logs.contains { $0.label == "no error in s0" })
    }

    /// 313 and 314: an ill-formed expression (`return`) is error.execution when it is evaluated, at the
    /// point the algorithm reaches it, not at load.
    @Test(arguments: [313, 314])
    func illFormedExpressionsRaiseErrorExecutionWhenEvaluated(test: Int) throws {
        let session = try SCXMLSession(contentsOf: Self.url(test))
        #expect(session.run(events: [String]()) == .finished("pass"))
    }
}
