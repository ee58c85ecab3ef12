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
/// With no tracer bootstrapped nor bound (`withTracer(_:_:)`), the active tracer is swift-distributed-tracing's
/// `NoOpTracer` and nothing is started: the machine runs as if no tracing were there.
public struct MachineTracing: Sendable {
    /// The value of the `statecraft.machine.type` attribute: what kind of machine this is (`order`).
    public let machineType: String
    /// The tracer given to the initializer, if one was.
    let fixedTracer: (any Tracer)?

    /// Creates the spans of a type of machine.
    ///
    /// - Parameters:
    ///   - machineType: The `statecraft.machine.type` value, and the second word of the spans' names.
    ///   - tracer: The tracer to start spans with; by default (`nil`) the one active where each span starts:
    ///     the innermost `withTracer(_:_:)`'s, or else the bootstrapped one (`InstrumentationSystem.tracer`).
    public init(machineType: String, tracer: (any Tracer)? = nil) {
        self.machineType = machineType
        self.fixedTracer = tracer
    }

    /// The tracer to start a span with now, or `nil` when it is the `NoOpTracer`: then nothing is traced.
    var activeTracer: (any Tracer)? {
        let tracer = fixedTracer ?? InstrumentationSystem.tracer
        return tracer is NoOpTracer ? nil : tracer
    }
}
