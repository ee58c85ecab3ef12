import Statecraft
import StatecraftTestSupport
import StatecraftTesting
import Testing

@testable import StatecraftSCXML

/// A chart built from SCXML is an ordinary Statecraft chart: it runs on `StateMachine`, with its delayed
/// sends on the run loop's clock.
@MainActor
@Suite("SCXML charts on StateMachine", .timeLimit(.minutes(1)))
struct StateMachineInteropTests {
    @Test(.needsConformanceSuite) func delayedSendsAndCancelsRunOnTheRunLoopsClock() async throws {
        let document = try SCXMLParser.parse(
            contentsOf: TestSupport.conformanceDirectory.appendingPathComponent("test208.scxml"))
        let clock = ManualClock()
        let machine = StateMachine(chart: try SCXMLChartBuilder().build(document))
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        await clock.waitForRunLoops()
        #expect(machine.state.isActive("s0"))
        await clock.advance(by: .seconds(5))
        #expect(machine.state.finalState == "pass")
    }

    @Test func eventsSentToTheMachineFollowTheDocument() throws {
        let document = try SCXMLParser.parse(
            string: TestSupport.document(
                """
                <datamodel><data id="n" expr="0"/></datamodel>
                <state id="a"><transition event="tick" cond="n &lt; 2" target="a"><assign location="n" expr="n + 1"/></transition>
                  <transition event="tick" target="b"/></state>
                <final id="b"/>
                """))
        let machine = StateMachine(chart: try SCXMLChartBuilder().build(document))
        for _ in 0..<3 { machine.handle(SCXMLEvent("tick")) }
        #expect(machine.state.context.variables["n"] == 2)
        #expect(machine.state.finalState == "b")
    }
}
