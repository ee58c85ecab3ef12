import MetricsTestKit
import StatecraftMetrics
import StatecraftPersistence
import StatecraftServerTestSupport
import Testing

/// What `DurableMachine.apply(_:id:recording:)` and `MeasuredMachineStore` record.
@Suite("Durable machine metrics")
struct DurableMetricsTests {
    let factory = TestMetrics()
    let clock = SteppingClock(step: .milliseconds(3))

    var metrics: MachineMetrics { MachineMetrics(machineType: "lamp", factory: factory, clock: clock) }

    func dimensions(_ key: String, _ value: String) -> [(String, String)] {
        [("statecraft.machine.type", "lamp"), (key, value)]
    }

    @Test func appliedEventsAreCountedAndTimedByOutcome() async throws {
        let metrics = metrics
        let lamp = try await DurableMachine(id: "lamp-1", chart: .lamp(), store: MemoryMachineStore())
        try await lamp.apply(.flip, id: "1", recording: metrics)
        try await lamp.apply(.noop, id: "2", recording: metrics)
        try await lamp.apply(.flip, id: "1", recording: metrics)
        for outcome in ["transitioned", "ignored", "already_applied"] {
            let count = try factory.expectCounter("statecraft.events", dimensions("statecraft.event.outcome", outcome))
            #expect(count.totalValue == 1, "\(outcome)")
            let timer = try factory.expectTimer(
                "statecraft.durable.apply.duration", dimensions("statecraft.event.outcome", outcome))
            #expect(timer.values == [3_000_000], "\(outcome)")
        }
    }

    @Test func aFailedApplyIsAnEventError() async throws {
        let store = MemoryMachineStore()
        let lamp = try await DurableMachine(id: "lamp-1", chart: .lamp(), store: store)
        await store.failNextSave(with: .database("disk I/O error"))
        await #expect(throws: DurableMachineError.self) {
            try await lamp.apply(.flip, id: "1", recording: metrics)
        }
        let failed = try factory.expectCounter("statecraft.events", dimensions("statecraft.event.outcome", "failed"))
        #expect(failed.totalValue == 1)
        let errors = try factory.expectCounter(
            "statecraft.event.errors", dimensions("error.type", "StatecraftPersistence.DurableMachineError"))
        #expect(errors.totalValue == 1)
    }

    @Test func commitsAreTimedAndConflictsCounted() async throws {
        let store = MeasuredMachineStore(MemoryMachineStore(), metrics: metrics)
        // Two processes' views of one machine, both at version 0: the second write is stale, then retried.
        let first = try await DurableMachine(id: "lamp-1", chart: .lamp(), store: store)
        let second = try await DurableMachine(id: "lamp-1", chart: .lamp(), store: store)
        try await first.apply(.flip, id: "a")
        try await second.apply(.flip, id: "b")
        #expect(await second.configuration == [.off])
        let conflicts = try factory.expectCounter("statecraft.durable.conflicts", [("statecraft.machine.type", "lamp")])
        #expect(conflicts.totalValue == 1)
        let committed = try factory.expectTimer(
            "statecraft.durable.commit.duration", dimensions("statecraft.commit.outcome", "committed"))
        #expect(committed.values == [3_000_000, 3_000_000])
        let refused = try factory.expectTimer(
            "statecraft.durable.commit.duration", dimensions("statecraft.commit.outcome", "conflict"))
        #expect(refused.values == [3_000_000])
    }

    @Test func aDuplicateCommitIsTimedApart() async throws {
        let base = MemoryMachineStore()
        let store = MeasuredMachineStore(base, metrics: metrics)
        await base.failNextSave(with: .duplicateEvent(machine: "lamp-1", eventID: "a"))
        let lamp = try await DurableMachine(id: "lamp-1", chart: .lamp(), store: store)
        #expect(try await lamp.apply(.flip, id: "a") == .alreadyApplied)
        let duplicate = try factory.expectTimer(
            "statecraft.durable.commit.duration", dimensions("statecraft.commit.outcome", "duplicate"))
        #expect(duplicate.values.count == 1)
    }
}
