import Statecraft
import StatecraftTestSupport
import StatecraftTesting
import Testing

@testable import StatecraftSCXML

/// An SCXML chart on `StateMachine`: its `<send delay>` runs on the clock of
/// `run(clock:)`, here a `ManualClock`, and `<cancel>` drops a delayed send.
@MainActor
@Suite("SCXML charts on the run loop's clock", .timeLimit(.minutes(1)))
struct RunLoopClockTests {
    @Test func delayedSendFiresOnTheRunLoopClock() async throws {
        let document = try SCXMLParser.parse(
            string: TestSupport.document(
                """
                <state id="s0">
                  <onentry><send event="timeout" delay="1s"/></onentry>
                  <transition event="timeout" target="pass"/>
                </state>
                <final id="pass"/>
                """))
        let clock = ManualClock()
        let machine = StateMachine(chart: try SCXMLChartBuilder().build(document))
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 1)
        #expect(machine.state.isActive("s0"))
        await clock.advance(by: .milliseconds(1))
        let fired = try #require(await transitions.next())
        #expect(fired.event.name == "timeout")
        #expect(machine.state.finalState == "pass")
    }

    @Test(.needsConformanceSuite) func cancelledSendNeverArrivesW3CTest208() async throws {
        // test208: event1 (1 s, id foo) is cancelled; event2 (1.5 s) leads to pass, event1 would lead to fail.
        let document = try SCXMLParser.parse(
            contentsOf: TestSupport.conformanceDirectory.appendingPathComponent("test208.scxml"))
        let clock = ManualClock()
        let machine = StateMachine(chart: try SCXMLChartBuilder().build(document))
        var transitions = machine.transitions.makeAsyncIterator()
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }

        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(5))
        let fired = try #require(await transitions.next())
        #expect(fired.event.name == "event2")
        #expect(machine.state.finalState == "pass")
    }
}
