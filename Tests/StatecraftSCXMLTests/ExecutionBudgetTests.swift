import Foundation
import Statecraft
import Testing

@testable import StatecraftSCXML

/// The execution budget of a macrostep and the limit on `<data>` elements (issue 40, point 8): loops of
/// executable content end in `error.execution` naming the limit, never in hours of work or exhausted memory.
@Suite("Execution budget")
struct ExecutionBudgetTests {
    static let budgetLimits = SCXMLLimits(maximumExecutionSteps: 1_000, maximumExecutionBytes: 100_000)

    /// A session whose state runs `onentry` under ``budgetLimits`` and goes to `failed` on `error.execution`;
    /// the first error's message, and the count in `n` that the content raised.
    static func runUnderBudget(data: String, onentry: String) throws -> (SCXMLSession, error: String, count: Double) {
        let session = try TestSupport.session(
            """
            <datamodel>\(data)<data id="n" expr="0"/></datamodel>
            <state id="s">
              <onentry>\(onentry)</onentry>
              <transition event="error.execution" target="failed"/>
            </state>
            <state id="failed"/>
            """, limits: budgetLimits)
        #expect(session.snapshot.configuration == ["failed"])
        return (
            session, session.initialMacrostep.errors.first ?? "",
            session.snapshot.context.variables["n"]?.numberValue ?? -1
        )
    }

    @Test(.timeLimit(.minutes(1)))
    func nestedForeachOverDoubledArraysStopsAtTheStepBudget() throws {
        let (_, error, count) = try Self.runUnderBudget(
            data: #"<data id="a" expr="[1]"/>"#,
            onentry: """
                <foreach array="[1,2,3,4,5,6,7,8]" item="i"><assign location="a" expr="a.concat(a)"/></foreach>
                <foreach array="a" item="x"><foreach array="a" item="y"><assign location="n" expr="n + 1"/></foreach></foreach>
                """)
        // 256 × 256 iterations asked for; each costs two steps.
        #expect(
            error.contains(
                "the macrostep ran more than 1000 elements of executable content (SCXMLLimits.maximumExecutionSteps)"))
        #expect(count > 0 && count < 500)
    }

    @Test func sendingBigEventsInALoopStopsAtTheByteBudget() throws {
        let (_, error, count) = try Self.runUnderBudget(
            data: #"<data id="big" expr="'x'"/>"#,
            onentry: """
                <foreach array="[1,2,3,4,5,6,7,8,9,10,11,12]" item="i"><assign location="big" expr="big + big"/></foreach>
                <foreach array="[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]" item="i">
                  <send event="ping"><param name="payload" expr="big"/></send>
                  <assign location="n" expr="n + 1"/>
                </foreach>
                """)
        #expect(
            error.contains("the macrostep built more than 100000 bytes of values (SCXMLLimits.maximumExecutionBytes)"))
        // Events of 4 KiB: the budget stops the loop after about 100000 / 4096 of them, not 25.
        #expect(count > 10 && count < 25)
    }

    @Test func theBudgetStartsAgainWithEveryMacrostep() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="n" expr="0"/></datamodel>
            <state id="s">
              <transition event="go">
                <foreach array="[1,2,3,4,5,6,7,8,9,10]" item="i"><assign location="n" expr="n + 1"/></foreach>
              </transition>
              <transition event="error.execution" target="failed"/>
            </state>
            <state id="failed"/>
            """, limits: SCXMLLimits(maximumExecutionSteps: 25))
        // Each macrostep runs 21 elements: under the budget of 25 every time, never 42 or more.
        _ = TestSupport.send(["go", "go", "go"], to: session)
        #expect(session.snapshot.configuration == ["s"])
        #expect(session.snapshot.context.variables["n"] == 30)
    }

    @Test func tooManyDataElementsAreALoadError() throws {
        let data = (0...10).map { "<data id=\"v\($0)\"/>" }.joined()
        let document = try SCXMLParser.parse(
            string: TestSupport.document("<datamodel>\(data)</datamodel><state id=\"s\"/>"), file: "many.scxml")
        #expect(throws: SCXMLError.self) {
            try SCXMLChartBuilder(limits: SCXMLLimits(maximumDataElements: 10)).build(document)
        }
        do {
            try document.checkLimits(SCXMLLimits(maximumDataElements: 10))
        } catch {
            guard case .limitExceeded(.dataElements, let limit, let at) = error else {
                Issue.record("expected the data elements limit, got \(error)")
                return
            }
            #expect(limit == 10)
            #expect(at.line == 2)
            #expect(error.description.contains("maximumDataElements"))
        }
    }
}
