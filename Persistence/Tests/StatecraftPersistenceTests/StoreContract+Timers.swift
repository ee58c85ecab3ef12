import Foundation
import Statecraft
import StatecraftPersistence
import StatecraftTesting
import Testing

/// Durable timers, on every store: stored with their absolute due instant, fired by whichever process
/// serves the machine, overdue ones at once in due order, cancelled durably, never ahead of an event
/// accepted before their due time. Time is a `ManualClock` read through a `DurableTimeline`.
extension StoreContract {
    typealias Payment = PaymentChart.Machine

    /// Where every test's timeline starts: 2026-01-01 00:00 UTC.
    static let origin = DurableInstant(nanosecondsSinceEpoch: 1_767_225_600_000_000_000)

    /// A manual clock, and the time every "process" of a test shares: the clock read from `start` on.
    static func time(from start: DurableInstant = origin) -> (ManualClock, DurableTimeline) {
        let clock = ManualClock()
        return (clock, DurableTimeline(clock: clock, origin: start))
    }

    /// A machine "in another process": a fresh load from the store, sharing only the store and the time.
    func payment(_ id: String, _ timeline: DurableTimeline) async throws -> Payment {
        try await Payment(id: id, chart: PaymentChart.make(), store: store, timeline: timeline)
    }

    /// The journal's event identifiers, and whether the stored state is the replay of the journal.
    func journalReplays(_ id: String) async throws -> [String] {
        let journal = try await store.journal(machine: id)
        let stored = try #require(try await store.load(machine: id))
        let replayed = try Payment.replay(journal, chart: PaymentChart.make(), machine: id)
        #expect(try Payment.storedForm(of: replayed, machine: id) == stored.snapshot, "\(id): stored ≠ replay")
        return journal.map(\.eventID)
    }

    /// Placing an order stores its two timers with their absolute due instants, found across machines
    /// earliest first.
    func timersAreStoredWithTheirDueInstants() async throws {
        let id = Self.uniqueID("timers")
        let (clock, timeline) = Self.time()
        await clock.advance(by: .seconds(5))
        let order = try await payment(id, timeline)
        try await order.apply(.place, id: "place")
        let placedAt = Self.origin.advanced(by: .seconds(5))
        let dues = [placedAt.advanced(by: PaymentChart.reminder), placedAt.advanced(by: PaymentChart.expiry)]
        #expect(try await store.load(machine: id)?.timers == dues)
        #expect(await order.nextTimerDue == dues[0])
        let pending = try await store.earliestTimers(limit: 10_000).filter { $0.machine == id }
        #expect(pending == dues.map { PendingTimer(machine: id, due: $0) })
        let journal = try await store.journal(machine: id)
        #expect(journal.map(\.appliedAt) == [placedAt])
        #expect(journal.map(\.firesTimer) == [false])
    }

    /// The process that placed the order dies; another one, started after both timers fell due, fires them
    /// at once in due order, each journaled once, and the stored state is the journal's replay.
    func overdueTimersFireAtOnceInDueOrder() async throws {
        let id = Self.uniqueID("overdue")
        let (clock, timeline) = Self.time()
        try await payment(id, timeline).apply(.place, id: "place")
        await clock.advance(by: .seconds(90))
        let runner = DurableTimerRunner(
            store: store, chart: PaymentChart.make(), timeline: timeline, serves: { $0 == id })
        #expect(try await runner.fireDueTimers() == 2)
        #expect(try await runner.fireDueTimers() == 0)
        let order = try await payment(id, timeline)
        #expect(await order.configuration == [.expired])
        #expect(await order.snapshot.context == 1)
        #expect(try await journalReplays(id) == ["place", "timer:2", "timer:3"])
        #expect(try await store.journal(machine: id).map(\.firesTimer) == [false, true, true])
        #expect(try await store.load(machine: id)?.timers == [])
    }

    /// A payment accepted 20 s after placing (the reminder, due at 10 s, fires first) leaves `placed`, which
    /// cancels the expiry durably: the process that accepted it dies, and a runner started long after the
    /// expiry's due time finds nothing to fire.
    func anEventAcceptedBeforeTheDueTimeIsAppliedBeforeTheTimer() async throws {
        let id = Self.uniqueID("paid")
        let (clock, timeline) = Self.time()
        try await payment(id, timeline).apply(.place, id: "place")
        await clock.advance(by: .seconds(20))
        #expect(try await payment(id, timeline).apply(.pay, id: "pay") == .transitioned)
        #expect(try await store.load(machine: id)?.timers == [])
        await clock.advance(by: .seconds(3600))
        let runner = DurableTimerRunner(
            store: store, chart: PaymentChart.make(), timeline: timeline, serves: { $0 == id })
        #expect(try await runner.fireDueTimers() == 0)
        #expect(try await payment(id, timeline).configuration == [.paid])
        #expect(try await journalReplays(id) == ["place", "timer:2", "pay"])
    }

    /// A payment applied after the expiry's due time, with no process having fired it: the overdue timers
    /// fire first, so the order expired and the payment is journaled as ignored.
    func anEventAfterTheDueTimeComesAfterTheOverdueTimers() async throws {
        let id = Self.uniqueID("late")
        let (clock, timeline) = Self.time()
        try await payment(id, timeline).apply(.place, id: "place")
        await clock.advance(by: .seconds(31))
        #expect(try await payment(id, timeline).apply(.pay, id: "pay") == .ignored)
        #expect(try await payment(id, timeline).configuration == [.expired])
        #expect(try await journalReplays(id) == ["place", "timer:2", "timer:3", "pay"])
    }

    /// Two processes fire the same due timers at once: each timer is journaled once.
    func timersFiredByTwoProcessesFireOnce() async throws {
        let id = Self.uniqueID("twice")
        let (clock, timeline) = Self.time()
        try await payment(id, timeline).apply(.place, id: "place")
        await clock.advance(by: .seconds(60))
        let (first, second) = (try await payment(id, timeline), try await payment(id, timeline))
        async let one = first.fireDueTimers()
        async let two = second.fireDueTimers()
        #expect(try await one + two == 2)
        #expect(try await journalReplays(id) == ["place", "timer:2", "timer:3"])
    }

    /// A runner left running fires a timer when the clock reaches its due time, and not before.
    func aRunningRunnerFiresTimersWhenDue() async throws {
        let id = Self.uniqueID("running")
        let (clock, timeline) = Self.time()
        try await payment(id, timeline).apply(.place, id: "place")
        let runner = DurableTimerRunner(
            store: store, chart: PaymentChart.make(), timeline: timeline, pollInterval: .seconds(3600),
            serves: { $0 == id })
        let running = Task { try await runner.run() }
        defer { running.cancel() }
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(9))
        #expect(try await store.journalCount(of: id) == 1)
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))
        try await waitUntil { try await store.journal(machine: id).count == 2 }
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(20))
        try await waitUntil { try await store.journal(machine: id).count == 3 }
        #expect(try await journalReplays(id) == ["place", "timer:2", "timer:3"])
    }

    /// Waits, a millisecond at a time for at most 10 s, until `condition` holds.
    private func waitUntil(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<10_000 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        Issue.record("the condition did not hold within 10 s")
    }
}

extension MachineStore {
    /// The number of journal entries of one machine.
    func journalCount(of machine: String) async throws -> Int { try await journal(machine: machine).count }
}
