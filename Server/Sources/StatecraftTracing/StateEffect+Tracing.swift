import Statecraft
import StatecraftServerConventions
import Tracing

extension StateEffect {
    /// This effect, run in a span `effect NAME`: a child of the span current where its task starts — the
    /// `macrostep TYPE` span of `StateMachine.send(_:tracing:)` that started it, when the run loop is
    /// running.
    ///
    /// ```swift
    /// machine.startEffect(StateEffect("fetch") { context in … }.traced(tracing))
    /// // span "effect fetch", a child of "macrostep order": statecraft.effect.outcome=finished
    /// ```
    ///
    /// The span ends with the effect: `statecraft.effect.outcome` is `finished`, `cancelled` (the machine left
    /// the state; not an error) or `failed` (the error is recorded and the status set to `error`). The name and
    /// the error mapping stay the effect's.
    ///
    /// - Parameter tracing: The spans of the machine's type.
    /// - Returns: The traced effect.
    public func traced(_ tracing: MachineTracing) -> StateEffect {
        let operation = operation
        let name = name
        return StateEffect(name, catch: errorMapping) { context in
            guard tracing.isTracing else { return try await operation(context) }
            let span = tracing.tracer.startSpan("effect \(name)", context: .current ?? .topLevel)
            span.updateAttributes { attributes in
                attributes[InstrumentationKey.machineType] = tracing.machineType
                attributes[StatecraftSpanAttribute.effectName] = name
            }
            defer { span.end() }
            do {
                try await InstrumentationContext.$current.withValue(span.context) { try await operation(context) }
                span.attributes[StatecraftSpanAttribute.effectOutcome] = "finished"
            } catch is CancellationError {
                span.attributes[StatecraftSpanAttribute.effectOutcome] = "cancelled"
                throw CancellationError()
            } catch {
                span.attributes[StatecraftSpanAttribute.effectOutcome] = "failed"
                span.recordError(error)
                span.setStatus(SpanStatus(code: .error, message: "\(error)"))
                throw error
            }
        }
    }
}
