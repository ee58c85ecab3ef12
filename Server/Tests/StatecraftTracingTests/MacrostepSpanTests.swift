import Foundation
import InMemoryTracing
import Statecraft
import StatecraftServerTestSupport
import StatecraftTracing
import Testing
import Tracing

/// The span `send(_:tracing:)` starts for each macrostep, read back from swift-distributed-tracing's
/// `InMemoryTracer`.
@MainActor
@Suite("Macrostep spans")
struct MacrostepSpanTests {
    let tracer = InMemoryTracer()

    var tracing: MachineTracing { MachineTracing(machineType: "lamp", tracer: tracer) }

    @Test func aMacrostepIsOneSpanWithTheEventTheStatesAndTheOutcome() throws {
        let machine = StateMachine(chart: .lamp())
        machine.send(.flip, tracing: tracing)
        machine.send(.noop, tracing: tracing)
        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["macrostep lamp", "macrostep lamp"])
        #expect(
            spans.first?.attributes == [
                "statecraft.machine.type": "lamp", "statecraft.event": "flip", "statecraft.state.from": "off",
                "statecraft.state.to": "on", "statecraft.event.outcome": "transitioned",
            ])
        #expect(
            spans.last?.attributes == [
                "statecraft.machine.type": "lamp", "statecraft.event": "noop", "statecraft.state.from": "on",
                "statecraft.state.to": "on", "statecraft.event.outcome": "ignored",
            ])
        #expect(spans.allSatisfy { $0.status == nil && $0.errors.isEmpty })
    }

    @Test func theSpanIsAChildOfTheCallersSpan() throws {
        let machine = StateMachine(chart: .lamp())
        let request = tracer.startSpan("request", context: .topLevel)
        InstrumentationContext.$current.withValue(request.context) { _ = machine.send(.flip, tracing: tracing) }
        request.end()
        let macrostep = try #require(tracer.finishedSpans.first { $0.operationName == "macrostep lamp" })
        #expect(macrostep.parentSpanID == request.spanID)
        #expect(macrostep.traceID == request.traceID)
    }

    @Test func theSpanIsCurrentWhileTheMachineHandlesTheEvent() throws {
        let tracer = tracer
        let seen = SpanContextRecorder()
        let machine = StateMachine(chart: .lamp(onFlip: { seen.record(InstrumentationContext.current) }))
        machine.send(.flip, tracing: tracing)
        let span = try #require(tracer.finishedSpans.first)
        #expect(seen.spanIDs == [span.spanID])
    }

    @Test func anUnsettledMacrostepRecordsItsLoopAsAnError() throws {
        let machine = StateMachine(chart: .lamp())
        machine.send(.spin, tracing: tracing)
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes.get("statecraft.event.outcome") == "unsettled")
        #expect(span.status?.code == .error)
        #expect(span.errors.map { "\(type(of: $0.error))" } == ["ChartLoopError"])
    }

    @Test func anEventQueuedBehindAnotherEndsAtOnceAsQueued() throws {
        let machine = StateMachine(chart: .lamp())
        let tracing = tracing
        machine.addObserver { [unowned machine] _, event, _ in
            if event == .flip, machine.state.configuration == [.on] { machine.send(.flip, tracing: tracing) }
        }
        machine.send(.flip, tracing: tracing)
        let outcomes = tracer.finishedSpans.map { $0.attributes.get("statecraft.event.outcome") }
        #expect(outcomes == ["queued", "transitioned"])
        #expect(tracer.finishedSpans.last?.attributes.get("statecraft.state.to") == "off")
    }

    @Test func theTracerActiveWhenTheTracingIsMadeIsKept() throws {
        let machine = StateMachine(chart: .lamp())
        let scoped = InMemoryTracer()
        withTracer(scoped) { _ = machine.send(.flip, tracing: MachineTracing(machineType: "lamp")) }
        #expect(scoped.finishedSpans.map(\.operationName) == ["macrostep lamp"])
    }

    @Test func withTheNoOpTracerNothingIsStarted() {
        let machine = StateMachine(chart: .lamp())
        #expect(
            machine.send(.flip, tracing: MachineTracing(machineType: "lamp", tracer: NoOpTracer())) == .transitioned)
        #expect(machine.state.configuration == [.on])
    }
}

/// The span identifiers current where a chart's action ran.
final class SpanContextRecorder: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var recorded: [String?] = []

    /// What ``record(_:)`` was given, in order.
    var spanIDs: [String?] { lock.withLock { recorded } }

    /// Records the in-memory span identifier of `context`.
    func record(_ context: InstrumentationContext?) {
        lock.withLock { recorded.append(context?.inMemorySpanContext?.spanID) }
    }
}
