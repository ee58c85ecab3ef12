import Tracing

/// The spans of one type of machine: `macrostep TYPE` for each event, `effect NAME` for each traced effect,
/// `apply TYPE` for each durable event, each with the attribute `statecraft.machine.type` set to
/// ``machineType`` (see ``StatecraftSpanAttribute``).
///
/// ```swift
/// let tracing = MachineTracing(machineType: "order")
/// machine.send(.pay, tracing: tracing)   // a span "macrostep order", a child of the caller's span
/// ```
///
/// Made while no tracer is bootstrapped nor bound (`withTracer(_:_:)`), it keeps swift-distributed-tracing's
/// `NoOpTracer` and starts nothing: the machine runs as with `send(_:)`, after one test.
public struct MachineTracing: Sendable {
    /// The value of the `statecraft.machine.type` attribute: what kind of machine this is (`order`).
    public let machineType: String
    /// The tracer that starts the spans.
    @usableFromInline let tracer: any Tracer
    /// Whether ``tracer`` is a real one, not the `NoOpTracer`: the one test an event pays with tracing off.
    @usableFromInline let isTracing: Bool

    /// Creates the spans of a type of machine.
    ///
    /// - Parameters:
    ///   - machineType: The `statecraft.machine.type` value, and the second word of the spans' names.
    ///   - tracer: The tracer to start spans with; by default the tracer active now
    ///     (`InstrumentationSystem.tracer`): the innermost `withTracer(_:_:)`'s, or else the bootstrapped one.
    ///     Like a swift-metrics metric, which keeps the factory it was made with, the spans keep this tracer:
    ///     make the tracing after bootstrapping. Given the `NoOpTracer`, nothing is ever traced.
    public init(machineType: String, tracer: (any Tracer)? = nil) {
        self.machineType = machineType
        let tracer = tracer ?? InstrumentationSystem.tracer
        self.tracer = tracer
        self.isTracing = !(tracer is NoOpTracer)
    }
}
