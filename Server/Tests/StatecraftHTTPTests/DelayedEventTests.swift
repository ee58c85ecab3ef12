import Foundation
import StatecraftHTTP
import StatecraftPersistence
import StatecraftSCXML
import StatecraftSQLite
import StatecraftTesting
import Testing

/// A served chart's `<send delay>` is a durable timer: it fires while the machine is served, at once after a
/// restart when overdue, and before an event applied after it fell due. Time runs on a manual clock.
@Suite("Delayed events of served machines")
struct DelayedEventTests {
    /// A machine that times out 2 seconds after `start` (or after it is created, with `onCreate`), unless paid.
    static func chart(startsOnCreate: Bool) -> String {
        let send = #"<send event="timeout" delay="2s"/>"#
        return """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="waiting">
              <state id="waiting">
                \(startsOnCreate ? "<onentry>\(send)</onentry>" : "<transition event=\"start\">\(send)</transition>")
                <transition event="timeout" target="expired"/>
                <transition event="pay" target="paid"/>
              </state>
              <final id="expired"/>
              <final id="paid"/>
            </scxml>
            """
    }

    /// The instant the tests' time starts at.
    static let start = DurableInstant(nanosecondsSinceEpoch: 1_700_000_000_000_000_000)

    /// A timeline on `clock` that reads `start` plus `offset` now.
    static func timeline(_ clock: ManualClock, at offset: Duration = .zero) -> DurableTimeline {
        DurableTimeline(clock: clock, origin: start.advanced(by: offset))
    }

    /// Waits, without sleeping, until `condition` holds (bounded: a test that waits in vain fails on its
    /// expectation instead of hanging).
    static func waitUntil(attempts: Int = 100_000, _ condition: () async -> Bool) async {
        for _ in 0..<attempts where !(await condition()) { await Task.yield() }
    }

    @Test("A served machine's delayed event fires when it falls due, journaled as a timer")
    func firesWhileServed() async throws {
        let clock = ManualClock()
        let fixture = try await ServeFixture(chart: Self.chart(startsOnCreate: true), timeline: Self.timeline(clock))
        let sessions = fixture.sessions
        _ = try await sessions.create(machine: "m")
        let due = Self.start.advanced(by: .seconds(2))
        #expect(try await fixture.store.earliestTimers(limit: 10) == [PendingTimer(machine: "m", due: due)])
        let timers = Task { await sessions.runTimers() }
        await clock.advance(by: .seconds(1))
        #expect(try await sessions.state(machine: "m").configuration == ["waiting"])
        await clock.advance(by: .seconds(1))
        await Self.waitUntil { (try? await sessions.state(machine: "m").configuration) == ["expired"] }
        timers.cancel()
        await timers.value
        #expect(try await sessions.state(machine: "m").configuration == ["expired"])
        #expect(try await sessions.journal(machine: "m").entries.map(\.eventID) == ["create", "timer:2"])
        #expect(try await fixture.store.earliestTimers(limit: 10) == [])
        try await fixture.close()
    }

    @Test("After a restart, overdue delayed events fire at once, and before an event posted later")
    func overdueAfterRestart() async throws {
        let fixture = try await ServeFixture(
            chart: Self.chart(startsOnCreate: true), timeline: Self.timeline(ManualClock()))
        _ = try await fixture.sessions.create(machine: "by-runner")
        _ = try await fixture.sessions.create(machine: "by-event")
        // Another server on the same store, 10 seconds later: both timers are overdue.
        let restarted = DurableSCXMLSessions(
            document: fixture.sessions.document, store: fixture.store,
            timeline: Self.timeline(ManualClock(), at: .seconds(10)))
        #expect(try await restarted.fireDueTimers(machine: "by-runner").map(\.event) == ["timeout"])
        #expect(try await restarted.state(machine: "by-runner").configuration == ["expired"])
        // `pay` comes after the timeout that fell due before it: the machine had expired.
        await #expect(throws: ServeError.machineFinished(machine: "by-event", event: "pay")) {
            try await restarted.send(machine: "by-event", event: "pay")
        }
        #expect(try await restarted.journal(machine: "by-event").entries.map(\.eventID) == ["create", "timer:2"])
        #expect(try await restarted.fireDueTimers().fired == [])
        try await fixture.close()
    }

    @Test("A delay counts from the event that starts it, however long the machine waited before")
    func delayCountsFromTheEvent() async throws {
        let clock = ManualClock()
        let fixture = try await ServeFixture(chart: Self.chart(startsOnCreate: false), timeline: Self.timeline(clock))
        _ = try await fixture.sessions.create(machine: "in-memory")
        _ = try await fixture.sessions.create(machine: "restored")
        await clock.advance(by: .seconds(10))
        _ = try await fixture.sessions.send(machine: "in-memory", event: "start")
        // Another server on the same store, at the same time, restores the other machine.
        let restarted = DurableSCXMLSessions(
            document: fixture.sessions.document, store: fixture.store,
            timeline: Self.timeline(ManualClock(), at: .seconds(10)))
        _ = try await restarted.send(machine: "restored", event: "start")
        let due = Self.start.advanced(by: .seconds(12))
        #expect(
            Set(try await fixture.store.earliestTimers(limit: 10))
                == [PendingTimer(machine: "in-memory", due: due), PendingTimer(machine: "restored", due: due)])
        try await fixture.close()
    }
}
