import CoreMetrics
import MetricsTestKit
import Statecraft
import StatecraftMetrics
import StatecraftServerTestSupport
import Testing

/// What `recordMetrics(_:)` and `send(_:recording:)` record, read back from swift-metrics' `TestMetrics`.
@MainActor
@Suite("Machine metrics")
struct MachineMetricsTests {
    struct Overheated: Error {}

    let factory = TestMetrics()
    let clock = SteppingClock(step: .milliseconds(5))

    var metrics: MachineMetrics { MachineMetrics(machineType: "lamp", factory: factory, clock: clock) }

    func events(_ outcome: String) throws -> Int64 {
        try factory.expectCounter(
            "statecraft.events", [("statecraft.machine.type", "lamp"), ("statecraft.event.outcome", outcome)]
        ).totalValue
    }

    @Test func transitionsAndIgnoredEventsAreCountedByOutcome() throws {
        let machine = StateMachine(chart: .lamp())
        machine.recordMetrics(metrics)
        machine.send(.flip)
        machine.send(.noop)
        machine.send(.flip)
        #expect(try events("transitioned") == 2)
        #expect(try events("ignored") == 1)
    }

    @Test func eventsFromAnywhereAreCounted() throws {
        // A hook's event is queued and handled before the outer send returns: counted too.
        let machine = StateMachine(chart: .lamp())
        machine.recordMetrics(metrics)
        machine.addObserver { [unowned machine] _, event, _ in
            if event == .flip, machine.state.configuration == [.on] { machine.send(.flip) }
        }
        machine.send(.flip)
        #expect(machine.state.configuration == [.off])
        #expect(try events("transitioned") == 2)
    }

    @Test func eachMacrostepIsTimedByOutcome() throws {
        let machine = StateMachine(chart: .lamp())
        let metrics = metrics
        machine.send(.flip, recording: metrics)
        machine.send(.noop, recording: metrics)
        machine.send(.flip, recording: metrics)
        let transitioned = try factory.expectTimer(
            "statecraft.macrostep.duration",
            [("statecraft.machine.type", "lamp"), ("statecraft.event.outcome", "transitioned")])
        let ignored = try factory.expectTimer(
            "statecraft.macrostep.duration",
            [("statecraft.machine.type", "lamp"), ("statecraft.event.outcome", "ignored")])
        // The stepping clock moves 5 ms per reading: each send reads it twice.
        #expect(transitioned.values == [5_000_000, 5_000_000])
        #expect(ignored.values == [5_000_000])
    }

    @Test func anUnsettledMacrostepIsAnEventError() throws {
        let machine = StateMachine(chart: .lamp())
        let metrics = metrics
        let outcome = machine.send(.spin, recording: metrics)
        guard case .unsettled = outcome else {
            Issue.record("spin settled: \(outcome)")
            return
        }
        let errors = try factory.expectCounter(
            "statecraft.event.errors",
            [("statecraft.machine.type", "lamp"), ("error.type", "Statecraft.ChartLoopError")])
        #expect(errors.totalValue == 1)
        let timer = try factory.expectTimer(
            "statecraft.macrostep.duration",
            [("statecraft.machine.type", "lamp"), ("statecraft.event.outcome", "unsettled")])
        #expect(timer.values.count == 1)
    }

    @Test func machinesAliveAreMeteredUntilReleased() throws {
        let metrics = metrics
        var first: StateMachine<LampChart>? = StateMachine(chart: .lamp())
        first?.recordMetrics(metrics)
        let second = StateMachine(chart: .lamp())
        second.recordMetrics(metrics)
        let meter = try factory.expectMeter("statecraft.machines.active", [("statecraft.machine.type", "lamp")])
        #expect(meter.lastValue == 2)
        first = nil
        #expect(meter.lastValue == 1)
        withExtendedLifetime(second) {}
    }

    @Test func effectErrorsAreCountedByType() async throws {
        let machine = StateMachine(chart: .lamp())
        machine.recordMetrics(metrics)
        let reports = AsyncStream.makeStream(of: Void.self)
        machine.addEffectErrorObserver { _, _ in reports.continuation.yield() }
        machine.startEffect(StateEffect("heat") { _ in throw Overheated() })
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        var reported = reports.stream.makeAsyncIterator()
        await reported.next(isolation: #isolation)
        let errors = try factory.expectCounter(
            "statecraft.effect.errors",
            [("statecraft.machine.type", "lamp"), ("error.type", "\(String(reflecting: Overheated.self))")])
        #expect(errors.totalValue == 1)
    }

    @Test func withoutABackendNothingIsAttachedNorTimed() {
        let metrics = MachineMetrics(machineType: "lamp", factory: NOOPMetricsHandler.instance)
        #expect(!metrics.isRecording)
        let machine = StateMachine(chart: .lamp())
        #expect(machine.recordMetrics(metrics).isEmpty)
        #expect(machine.observerCount == 0)
        #expect(machine.send(.flip, recording: metrics) == .transitioned)
    }
}
