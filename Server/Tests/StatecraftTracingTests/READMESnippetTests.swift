import InMemoryTracing
import Statecraft
import StatecraftServerTestSupport
import StatecraftTracing
import Testing
import Tracing

/// The tracing snippet of `Server/README.md`, compiled and run with an `InMemoryTracer` bound by `withTracer`.
@MainActor
@Suite("Server README: tracing")
struct TracingREADMESnippetTests {
    @Test func theSnippetStartsTheSpansTheREADMESays() throws {
        let tracer = InMemoryTracer()
        let lamp = StateMachine(chart: .lamp())
        withTracer(tracer) {
            // The README's lines.
            let tracing = MachineTracing(machineType: "lamp") // keeps the tracer active now
            lamp.send(.flip, tracing: tracing) // span "macrostep lamp", a child of the caller's span
            lamp.startEffect(StateEffect("warm up") { _ in }.traced(tracing))
        }
        #expect(tracer.finishedSpans.map(\.operationName) == ["macrostep lamp"])
        #expect(lamp.waitingEffectCount == 1)
    }

    @Test func theREADMEShowsTheSnippet() throws {
        let readme = try serverREADME()
        for line in [
            "let tracing = MachineTracing(machineType: \"lamp\")", "lamp.send(.flip, tracing: tracing)",
            "lamp.startEffect(StateEffect(\"warm up\") { _ in }.traced(tracing))",
        ] {
            #expect(readme.contains(line), "Server/README.md lacks: \(line)")
        }
    }
}
