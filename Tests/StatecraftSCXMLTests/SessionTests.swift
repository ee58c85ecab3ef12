import Testing

@testable import StatecraftSCXML

/// ``SCXMLSession`` runs a chart on a virtual clock: the external queue, delayed events and cancels.
@Suite("SCXML session on a virtual clock")
struct SessionTests {
    @Test func delayedEventsFireInTimeOrderWithoutWaiting() throws {
        let session = try TestSupport.session(
            """
            <state id="a">
              <onentry>
                <send event="late" delay="2s"/>
                <send event="early" delayexpr="'500ms'"/>
                <send event="tie" delay="2s"/>
              </onentry>
            </state>
            """)
        #expect(session.pendingDelayedEventCount == 3)
        var fired: [(String?, Duration)] = []
        while let records = session.fireNextDelayedEvent() {
            fired += records.map { ($0.event, $0.time) }
        }
        #expect(fired.map(\.0) == ["early", "late", "tie"])
        #expect(fired.map(\.1) == [.milliseconds(500), .seconds(2), .seconds(2)])
        #expect(session.now == .seconds(2))
    }

    @Test func cancelDropsAWaitingEventAndGeneratedIDsAreNumbered() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="first"/><data id="second"/></datamodel>
            <state id="a">
              <onentry>
                <send event="one" delay="1s" idlocation="first"/>
                <send event="two" delay="1s" idlocation="second"/>
                <cancel sendidexpr="first"/>
              </onentry>
            </state>
            """)
        #expect(session.snapshot.context.variables["first"] == "send.1")
        #expect(session.snapshot.context.variables["second"] == "send.2")
        let records = try #require(session.fireNextDelayedEvent())
        #expect(records.map(\.event) == ["two"])
        #expect(session.fireNextDelayedEvent() == nil)
    }

    @Test func sendIDAndTypeAreVisibleInEventFields() throws {
        let session = try TestSupport.session(
            """
            <datamodel><data id="seen" expr="''"/></datamodel>
            <state id="a">
              <onentry><send id="mine" event="ping" type="http://www.w3.org/TR/scxml/#SCXMLEventProcessor"/></onentry>
              <transition event="ping" target="b"><assign location="seen" expr="_event.sendid + ' ' + _event.type"/></transition>
            </state>
            <state id="b"/>
            """)
        session.processQueuedEvents()
        #expect(session.snapshot.context.variables["seen"] == "mine external")
    }

    @Test func runProcessesSentEventsThenInputThenTimers() throws {
        let session = try TestSupport.session(
            """
            <state id="a">
              <onentry><send event="timer" delay="1s"/><send event="self"/></onentry>
              <transition event="timer" target="done"/>
              <transition event="self" target="a2"/>
            </state>
            <state id="a2">
              <transition event="timer" target="done"/>
              <transition event="input" target="a3"/>
            </state>
            <state id="a3"><transition event="timer" target="done"/></state>
            <final id="done"/>
            """)
        var records: [SCXMLMacrostepRecord] = []
        let outcome = session.run(events: ["input", "unknown"]) { records.append($0) }
        #expect(outcome == .finished("done"))
        #expect(records.map(\.event) == [nil, "self", "input", "unknown", "timer"])
        #expect(records[3].exited.isEmpty && records[3].entered.isEmpty)
        #expect(records[3].configuration == ["a3"])
        #expect(records[4].configuration == ["done"])
    }

    @Test func finishedChartIgnoresTheRestOfTheInput() throws {
        let session = try TestSupport.session(
            """
            <state id="a"><onentry><send event="later" delay="1s"/></onentry><transition event="stop" target="end"/></state>
            <final id="end"/>
            """)
        var records: [SCXMLMacrostepRecord] = []
        let outcome = session.run(events: ["stop", "more"]) { records.append($0) }
        #expect(outcome == .finished("end"))
        #expect(records.count == 2)
        #expect(session.pendingDelayedEventCount == 0)
    }

    @Test func inputConsumedWhenNothingIsLeft() throws {
        let session = try TestSupport.session("<state id=\"a\"/>")
        #expect(session.run(events: ["x"]) == .inputConsumed)
    }

    @Test func theLargestEventLimitMeansNoLimit() throws {
        let session = try TestSupport.session(
            """
            <state id="a"><transition event="go" target="b"/></state>
            <final id="b"/>
            """)
        #expect(session.run(events: ["go"], eventLimit: .max) == .finished("b"))
    }

    @Test func aTimerThatRearmsItselfStopsAtTheLimit() throws {
        let session = try TestSupport.session(
            """
            <state id="a">
              <onentry><send event="tick" delay="1s"/></onentry>
              <transition event="tick" target="a"/>
            </state>
            """)
        var count = 0
        let outcome = session.run(events: [], eventLimit: 25) { _ in count += 1 }
        #expect(outcome == .eventLimitReached(25))
        #expect(count == 26)
        #expect(session.now == .seconds(25))
    }

    @Test func aPauseLetsATimeoutFireBetweenInputEvents() throws {
        let body = """
            <state id="waiting">
              <onentry><send event="timeout" delay="2s"/></onentry>
              <transition event="timeout" target="late"/>
              <transition event="answer" target="onTime"/>
            </state>
            <state id="late"><transition event="answer" target="tooLate"/></state>
            <final id="onTime"/>
            <final id="tooLate"/>
            """
        let quick = try TestSupport.session(body)
        #expect(quick.run(input: [.advance(.seconds(1)), .event("answer")]) == .finished("onTime"))
        #expect(quick.now == .seconds(1))
        let slow = try TestSupport.session(body)
        var records: [SCXMLMacrostepRecord] = []
        #expect(
            slow.run(input: [.advance(.seconds(3)), .event("answer")]) { records.append($0) } == .finished("tooLate"))
        #expect(records.map(\.event) == [nil, "timeout", "answer"])
        #expect(records.map(\.time) == [.zero, .seconds(2), .seconds(3)])
    }

    @Test func aChartThatAnswersAnEventBySendingItAgainStopsAtTheLimit() throws {
        let session = try TestSupport.session(
            """
            <state id="a">
              <transition event="ping"><send event="ping"/></transition>
            </state>
            """)
        var records: [SCXMLMacrostepRecord] = []
        let outcome = session.run(events: ["ping"], eventLimit: 10) { records.append($0) }
        #expect(outcome == .eventLimitReached(10))
        // The initial macrostep, the input event, then ten events the chart sent itself.
        #expect(records.count == 12)
        #expect(session.now == .zero)
    }

    @Test func theLimitAppliesAfterEachInputItem() throws {
        let session = try TestSupport.session(
            """
            <state id="a">
              <transition event="go"><send event="echo"/><send event="echo"/></transition>
            </state>
            """)
        var count = 0
        let outcome = session.run(events: ["go", "go", "go"], eventLimit: 2) { _ in count += 1 }
        #expect(outcome == .inputConsumed)
        #expect(count == 1 + 3 * 3)
    }
    @Test func aMacrostepThatDoesNotSettleEndsTheRun() throws {
        // Every event is answered by a raise loop; without the stop, each of the three input events (and
        // every event the chart sent itself) would run its own loop up to the bound.
        let session = try TestSupport.session(
            """
            <state id="a">
              <transition event="*" target="a"><raise event="again"/></transition>
            </state>
            """, limits: SCXMLLimits(maximumStepsPerMacrostep: 50))
        var records: [SCXMLMacrostepRecord] = []
        let outcome = session.run(events: ["go", "go", "go"]) { records.append($0) }
        guard case .didNotSettle(let loop) = outcome else {
            Issue.record("expected the run to stop at the loop, got \(outcome)")
            return
        }
        #expect(loop.bound == 50)
        #expect(records.map(\.event) == [nil, "go"])
        #expect(records.last?.loopError == loop)
    }

    @Test func aChartThatDoesNotSettleWhileStartingRunsNoEvent() throws {
        let session = try TestSupport.session(
            """
            <state id="a"><transition target="b"/></state>
            <state id="b"><transition target="a"/></state>
            """, limits: SCXMLLimits(maximumStepsPerMacrostep: 20))
        var records: [SCXMLMacrostepRecord] = []
        let outcome = session.run(events: ["go"]) { records.append($0) }
        #expect(records.map(\.event) == [nil])
        guard case .didNotSettle = outcome else {
            Issue.record("expected the run to stop while starting, got \(outcome)")
            return
        }
    }
}
