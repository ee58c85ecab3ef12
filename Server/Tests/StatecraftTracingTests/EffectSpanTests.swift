import InMemoryTracing
import Statecraft
import StatecraftServerTestSupport
import StatecraftTesting
import StatecraftTracing
import Testing
import Tracing

/// The span of an effect wrapped by `traced(_:)`: a child of the macrostep that started it, ended with the effect.
@MainActor
@Suite("Effect spans")
struct EffectSpanTests {
    struct Overheated: Error {}

    let tracer = InMemoryTracer()

    var tracing: MachineTracing { MachineTracing(machineType: "lamp", tracer: tracer) }

    /// A lamp that starts `effect`, traced, each time it is turned on; its run loop runs on `clock` while `body`
    /// does.
    func withLamp(
        starting effect: StateEffect<LampEvent>, clock: ManualClock = ManualClock(),
        _ body: @MainActor (StateMachine<LampChart>) async throws -> Void
    ) async rethrows {
        let tracing = tracing
        let machine = StateMachine(chart: .lamp())
        machine.addObserver { [unowned machine] _, _, _ in
            if machine.state.configuration == [.on] { machine.startEffect(effect.traced(tracing)) }
        }
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        // An effect started while the loop is not running waits for it, and starts from the loop's task.
        for _ in 0..<100_000 where !machine.isRunningEffects { await Task.yield() }
        try await body(machine)
    }

    /// Waits, without sleeping, until the tracer holds `count` finished spans.
    func waitForFinishedSpans(_ count: Int) async {
        for _ in 0..<100_000 where tracer.finishedSpans.count < count { await Task.yield() }
    }

    @Test func anEffectIsAChildSpanOfTheMacrostepThatStartedIt() async throws {
        await withLamp(starting: StateEffect("warm up") { _ in }) { machine in
            machine.send(.flip, tracing: tracing)
            await waitForFinishedSpans(2)
        }
        let macrostep = try #require(tracer.finishedSpans.first { $0.operationName == "macrostep lamp" })
        let effect = try #require(tracer.finishedSpans.first { $0.operationName == "effect warm up" })
        #expect(effect.parentSpanID == macrostep.spanID)
        #expect(
            effect.attributes == [
                "statecraft.machine.type": "lamp", "statecraft.effect.name": "warm up",
                "statecraft.effect.outcome": "finished",
            ])
    }

    @Test func aFailedEffectRecordsItsError() async throws {
        await withLamp(starting: StateEffect("heat") { _ in throw Overheated() }) { machine in
            machine.send(.flip, tracing: tracing)
            await waitForFinishedSpans(2)
        }
        let effect = try #require(tracer.finishedSpans.first { $0.operationName == "effect heat" })
        #expect(effect.attributes.get("statecraft.effect.outcome") == "failed")
        #expect(effect.status?.code == .error)
        #expect(effect.errors.map { "\(type(of: $0.error))" } == ["Overheated"])
    }

    @Test func anEffectCancelledByLeavingItsStateIsNotAnError() async throws {
        let clock = ManualClock()
        let effect = StateEffect<LampEvent>("glow") { context in try await context.sleep(for: .seconds(60)) }
        await withLamp(starting: effect, clock: clock) { machine in
            machine.send(.flip, tracing: tracing)
            await clock.waitForSleepers(count: 1)
            machine.send(.flip, tracing: tracing)
            await waitForFinishedSpans(3)
        }
        let glow = try #require(tracer.finishedSpans.first { $0.operationName == "effect glow" })
        #expect(glow.attributes.get("statecraft.effect.outcome") == "cancelled")
        #expect(glow.status == nil)
        #expect(glow.errors.isEmpty)
    }
}
