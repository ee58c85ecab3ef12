import Foundation
import Statecraft
import StatecraftPersistence
import StatecraftTesting
import Testing

/// Durable effects, on every store: recorded in the outbox with the step that enters their state, run at
/// least once with a stable key, their completion applied exactly once, cancelled durably by leaving.
extension StoreContract {
    /// The store as an outbox.
    var outbox: any EffectOutbox {
        get throws { try #require(store as? any EffectOutbox) }
    }

    /// A capturing machine "in a process": a fresh load from the store, with the probe's effect.
    func capturing(_ id: String, _ timeline: DurableTimeline, _ effect: CaptureChart.Effect) async throws
        -> CaptureChart.Machine
    {
        try await CaptureChart.Machine(
            id: id, chart: CaptureChart.make(), store: store, timeline: timeline, effects: [effect])
    }

    /// The journal's event identifiers, and whether the stored state is the replay of the journal.
    func captureJournal(_ id: String) async throws -> [String] {
        let journal = try await store.journal(machine: id)
        let stored = try #require(try await store.load(machine: id))
        let replayed = try CaptureChart.Machine.replay(journal, chart: CaptureChart.make(), machine: id)
        #expect(
            try CaptureChart.Machine.storedForm(of: replayed, machine: id) == stored.snapshot,
            "\(id): stored ≠ replay")
        return journal.map(\.eventID)
    }

    /// A placed order whose capture is running, held by its probe's gate: where the tests of a run in
    /// progress start.
    struct HeldCapture {
        let id: String
        let clock: ManualClock
        let timeline: DurableTimeline
        let probe: EffectProbe
        let order: CaptureChart.Machine
        /// The `runPendingEffects()` call running the capture.
        let running: Task<[DurableEffectReport], any Error>
    }

    /// Places an order named after `name` and starts running its capture, held by the gate.
    func heldCapture(_ name: String) async throws -> HeldCapture {
        let id = Self.uniqueID(name)
        let (clock, timeline) = Self.time()
        let probe = EffectProbe()
        let order = try await capturing(id, timeline, probe.capture())
        try await order.apply(.place, id: "place")
        let running = Task { try await order.runPendingEffects() }
        #expect(try await probe.waitForRuns(1))
        return HeldCapture(id: id, clock: clock, timeline: timeline, probe: probe, order: order, running: running)
    }

    /// Entering `capturing` writes the effect's row with the step — by `apply` and by a worker's group commit
    /// alike — keyed by the version that entered; running it journals the completion under that key and
    /// removes the row in the same write.
    func anEffectIsRecordedWithTheStepThatEntersItsState() async throws {
        let id = Self.uniqueID("capture")
        let (_, timeline) = Self.time()
        let probe = EffectProbe()
        let order = try await capturing(id, timeline, probe.capture())
        #expect(try await outbox.pendingEffects(machine: id) == [])
        #expect(try await order.apply(.place, id: "place") == .transitioned)
        let pending = try await outbox.pendingEffects(machine: id)
        #expect(pending == [PendingEffect(machine: id, effect: "capture", startedAt: 1)])
        #expect(pending.first?.key == "\(id)/capture/1")
        #expect(try await store.journal(machine: id).map(\.eventID) == ["place"])

        await probe.release()
        let reports = try await order.runPendingEffects()
        let run = DurableEffectRun(machine: id, effect: "capture", startedAt: 1)
        #expect(reports == [DurableEffectReport(run: run, outcome: .applied(.transitioned))])
        #expect(await probe.runs == [run])
        #expect(try await outbox.pendingEffects(machine: id) == [])
        #expect(try await captureJournal(id) == ["place", run.key])
        #expect(await order.configuration == [.paid])
        #expect(try await order.runPendingEffects() == [])
    }

    /// Leaving `capturing` while the capture runs deletes its row in the write that leaves, cancels its
    /// task, and the completion it returns afterwards (late) is not applied.
    func leavingTheStateCancelsItsEffectDurably() async throws {
        let held = try await heldCapture("cancel")
        let (id, timeline, probe, order, running) = (
            held.id, held.timeline, held.probe, held.order, held.running
        )
        #expect(try await order.apply(.cancel, id: "cancel") == .transitioned)
        #expect(try await outbox.pendingEffects(machine: id) == [])
        await probe.release()
        let reports = try await running.value
        let run = DurableEffectRun(machine: id, effect: "capture", startedAt: 1)
        #expect(reports == [DurableEffectReport(run: run, outcome: .cancelled)])
        #expect(await probe.cancelled == [run.key])
        #expect(try await captureJournal(id) == ["place", "cancel"])
        #expect(try await capturing(id, timeline, probe.capture()).configuration == [.cancelled])
    }

    /// A capture that completes after the timeout fell due, with no process having fired it: the timeout
    /// fires first, leaving `capturing`, and the completion is dropped with the timer's write. A timeout
    /// fired by a `DurableTimerRunner` cancels the capture as well.
    func aCompletionAfterItsStateTimedOutIsDropped() async throws {
        let held = try await heldCapture("slow")
        let (id, clock, timeline, probe, order, running) = (
            held.id, held.clock, held.timeline, held.probe, held.order, held.running
        )
        await clock.advance(by: CaptureChart.timeout + .seconds(1))
        await probe.release()
        let run = DurableEffectRun(machine: id, effect: "capture", startedAt: 1)
        #expect(try await running.value == [DurableEffectReport(run: run, outcome: .cancelled)])
        #expect(try await captureJournal(id) == ["place", "timer:2"])
        #expect(try await outbox.pendingEffects(machine: id) == [])
        #expect(await order.configuration == [.expired])

        // A timeout fired by a timer runner given the effects cancels the capture too.
        let other = Self.uniqueID("runner")
        try await capturing(other, timeline, probe.capture()).apply(.place, id: "place")
        #expect(try await outbox.pendingEffects(machine: other).count == 1)
        await clock.advance(by: CaptureChart.timeout)
        let runner = DurableTimerRunner(
            store: store, chart: CaptureChart.make(), timeline: timeline, serves: { $0 == other },
            effects: [probe.capture()])
        #expect(try await runner.fireDueTimers() == 1)
        #expect(try await outbox.pendingEffects(machine: other) == [])
    }

    /// Two processes run the same pending capture at once (a retry, a second worker): both runs get the
    /// same key, and the completion is applied once — the other run is told `.alreadyApplied`.
    func twoRunsOfOneEffectApplyItsCompletionOnce() async throws {
        let id = Self.uniqueID("twice")
        let (_, timeline) = Self.time()
        let probe = EffectProbe()
        try await capturing(id, timeline, probe.capture()).apply(.place, id: "place")
        let (first, second) = (
            try await capturing(id, timeline, probe.capture()), try await capturing(id, timeline, probe.capture())
        )
        async let one = first.runPendingEffects()
        async let two = second.runPendingEffects()
        #expect(try await probe.waitForRuns(2))
        await probe.release()
        let outcomes = try await (one + two).map(\.outcome)
        #expect(Set(await probe.runs.map(\.key)) == ["\(id)/capture/1"])
        #expect(outcomes.filter { $0 == .applied(.transitioned) }.count == 1)
        #expect(outcomes.filter { $0 == .alreadyApplied }.count == 1)
        #expect(try await captureJournal(id) == ["place", "\(id)/capture/1"])
        let reloaded = try await capturing(id, timeline, probe.capture())
        #expect(await reloaded.snapshot.context == 1)
    }

    /// A machine asked to run its effects while it runs them already starts no second run.
    func aMachineRunsEachEffectOnceAtATime() async throws {
        let held = try await heldCapture("once")
        let (probe, order, running) = (held.probe, held.order, held.running)
        let again = Task {
            defer { Task { await probe.note("returned") } }
            return try await order.runPendingEffects()
        }
        // It returns at once; a second run (held by the gate) would be the failure.
        for _ in 0..<10_000 {
            let (notes, runs) = (await probe.notes, await probe.runs)
            if !notes.isEmpty || runs.count > 1 { break }
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(await probe.runs.count == 1)
        await probe.release()
        #expect(try await again.value == [])
        #expect(try await running.value.map(\.outcome) == [.applied(.transitioned)])
    }

    /// A failed capture completes with its failure's event; without one it stays pending, to run again.
    func aFailedEffectCompletesWithItsFailureEventOrStaysPending() async throws {
        struct Refused: Error {}
        let (_, timeline) = Self.time()
        let probe = EffectProbe()
        await probe.release()
        let mapped = Self.uniqueID("declined")
        let declining = try await capturing(
            mapped, timeline, probe.capture(failure: Refused(), failureEvent: .declined))
        try await declining.apply(.place, id: "place")
        #expect(try await declining.runPendingEffects().map(\.outcome) == [.applied(.transitioned)])
        #expect(await declining.configuration == [.declined])

        let unmapped = Self.uniqueID("retried")
        let failing = try await capturing(unmapped, timeline, probe.capture(failure: Refused()))
        try await failing.apply(.place, id: "place")
        #expect(try await failing.runPendingEffects().map(\.outcome) == [.failed("Refused()")])
        #expect(try await outbox.pendingEffects(machine: unmapped).count == 1)
        let retried = try await capturing(unmapped, timeline, probe.capture())
        #expect(try await retried.runPendingEffects().map(\.outcome) == [.applied(.transitioned)])
        #expect(try await captureJournal(unmapped) == ["place", "\(unmapped)/capture/1"])
    }

    /// A commit completing an effect that is not pending — another key, or one already completed — fails with
    /// `effectNotPending` and writes nothing; completing the pending one removes it with the entry.
    func aCompletionOfAnEffectNotPendingWritesNothing() async throws {
        let id = Self.uniqueID("gone")
        let (_, timeline) = Self.time()
        try await capturing(id, timeline, EffectProbe().capture()).apply(.place, id: "place")
        func completion(_ key: String) -> MachineCommit {
            MachineCommit(
                machine: id, entries: [JournalEntry(sequence: 2, eventID: key, event: CaptureChart.json(.captured))],
                snapshot: nil, timers: [], completedEffects: [key])
        }
        let stale = "\(id)/capture/7"
        await #expect(throws: MachineStoreError.effectNotPending(machine: id, key: stale)) {
            try await outbox.commit([completion(stale)])
        }
        #expect(try await store.journal(machine: id).map(\.eventID) == ["place"])
        #expect(try await store.load(machine: id)?.version == 1)
        let key = "\(id)/capture/1"
        try await outbox.commit([completion(key)])
        #expect(try await outbox.pendingEffects(machine: id) == [])
        await #expect(throws: MachineStoreError.effectNotPending(machine: id, key: key)) {
            try await outbox.commit([
                MachineCommit(
                    machine: id,
                    entries: [JournalEntry(sequence: 3, eventID: "again", event: CaptureChart.json(.captured))],
                    snapshot: nil, timers: [], completedEffects: [key])
            ])
        }
        #expect(try await store.journal(machine: id).map(\.eventID) == ["place", key])
    }

    /// A writer not given the effects leaves `capturing`, leaving the capture's row behind: the next run of
    /// it, by a machine given the effects, finds the state left, drops its completion and discards the row,
    /// so that it does not run again.
    func anEffectLeftByAWriterWithoutItIsDiscardedAtItsNextRun() async throws {
        let id = Self.uniqueID("orphan")
        let (_, timeline) = Self.time()
        let probe = EffectProbe()
        await probe.release()
        try await capturing(id, timeline, probe.capture()).apply(.place, id: "place")
        try await CaptureChart.Machine(id: id, chart: CaptureChart.make(), store: store, timeline: timeline)
            .apply(.cancel, id: "cancel")
        #expect(try await outbox.pendingEffects(machine: id).count == 1)
        let order = try await capturing(id, timeline, probe.capture())
        #expect(try await order.runPendingEffects().map(\.outcome) == [.cancelled])
        #expect(try await outbox.pendingEffects(machine: id) == [])
        #expect(try await captureJournal(id) == ["place", "cancel"])
    }

    /// An effect of the initial state starts with the machine's first stored event, at version 0 — unless
    /// that event leaves the state, when it never starts.
    func anInitialStatesEffectStartsWithTheFirstStoredEvent() async throws {
        let (_, timeline) = Self.time()
        let welcome = CaptureChart.Effect("welcome", in: .open) { _ in .cancel }
        func order(_ id: String) async throws -> CaptureChart.Machine {
            try await CaptureChart.Machine(
                id: id, chart: CaptureChart.make(), store: store, timeline: timeline, effects: [welcome])
        }
        let (staying, leaving) = (Self.uniqueID("staying"), Self.uniqueID("leaving"))
        #expect(try await order(staying).apply(.captured, id: "stray") == .ignored)
        #expect(
            try await outbox.pendingEffects(machine: staying) == [
                PendingEffect(machine: staying, effect: "welcome", startedAt: 0)
            ])
        #expect(try await order(staying).runPendingEffects().map(\.run.key) == ["\(staying)/welcome/0"])
        #expect(try await captureJournal(staying) == ["stray", "\(staying)/welcome/0"])

        try await order(leaving).apply(.place, id: "place")
        #expect(try await outbox.pendingEffects(machine: leaving) == [])
    }
}
