import InMemoryTracing
import StatecraftPersistence
import StatecraftServerTestSupport
import StatecraftTracing
import Testing
import Tracing

/// The span `DurableMachine.apply(_:id:tracing:)` starts for each durable event.
@Suite("Durable spans")
struct DurableSpanTests {
    let tracer = InMemoryTracer()

    var tracing: MachineTracing { MachineTracing(machineType: "lamp", tracer: tracer) }

    @Test func anAppliedEventIsOneSpanWithTheMachineTheEventAndTheVersion() async throws {
        let lamp = try await DurableMachine(id: "lamp-1", chart: .lamp(), store: MemoryMachineStore())
        try await lamp.apply(.flip, id: "e1", tracing: tracing)
        try await lamp.apply(.flip, id: "e1", tracing: tracing)
        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["apply lamp", "apply lamp"])
        #expect(
            spans.first?.attributes == [
                "statecraft.machine.type": "lamp", "statecraft.machine.id": "lamp-1", "statecraft.event": "flip",
                "statecraft.event.id": "e1", "statecraft.state.from": "off", "statecraft.state.to": "on",
                "statecraft.event.outcome": "transitioned", "statecraft.durable.version": 1,
            ])
        #expect(spans.last?.attributes.get("statecraft.event.outcome") == "already_applied")
    }

    @Test func aFailedApplyRecordsTheTypedError() async throws {
        let store = MemoryMachineStore()
        let lamp = try await DurableMachine(id: "lamp-1", chart: .lamp(), store: store)
        await store.failNextSave(with: .database("disk I/O error"))
        await #expect(throws: DurableMachineError.self) { try await lamp.apply(.flip, id: "e1", tracing: tracing) }
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes.get("statecraft.event.outcome") == "failed")
        #expect(span.status?.code == .error)
        #expect(span.status?.message?.contains("disk I/O error") == true)
        #expect(span.errors.count == 1)
    }
}
