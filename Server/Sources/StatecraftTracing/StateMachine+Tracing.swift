import Statecraft
import StatecraftServerConventions
import Tracing

extension StateMachine {
    /// Sends `event` (see `StateMachine.send(_:)`) in a span `macrostep TYPE`, a child of the caller's current
    /// span, with the event, the states before and after, and the outcome as attributes.
    ///
    /// ```swift
    /// machine.send(.pay, tracing: MachineTracing(machineType: "order"))
    /// // span "macrostep order": statecraft.event=pay, statecraft.state.from=placed, statecraft.state.to=paid,
    /// //                         statecraft.event.outcome=transitioned
    /// ```
    ///
    /// The span is current while the machine handles the event, so that work started meanwhile — an effect
    /// wrapped by `StateEffect.traced(_:)`, a span an action starts — is its child. A macrostep that did not
    /// settle records its `ChartLoopError` and sets the status to `error`. An event sent while the machine is
    /// busy (from a hook or an observer) is queued: its span ends at once with the outcome `queued`, and the
    /// event is handled within the macrostep under way.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - tracing: The spans of the machine's type. When the active tracer is the `NoOpTracer`, this is
    ///     `StateMachine.send(_:)`.
    /// - Returns: What became of the event.
    @discardableResult
    public func send(_ event: Event, tracing: MachineTracing) -> EventOutcome {
        guard let tracer = tracing.activeTracer else { return send(event) }
        let span = tracer.startSpan("macrostep \(tracing.machineType)", context: .current ?? .topLevel)
        span.updateAttributes { attributes in
            attributes[InstrumentationKey.machineType] = tracing.machineType
            attributes[StatecraftSpanAttribute.event] = String(describing: event)
            attributes[StatecraftSpanAttribute.stateFrom] = spanLabel(of: state)
        }
        let outcome = InstrumentationContext.$current.withValue(span.context) { send(event) }
        span.updateAttributes { attributes in
            attributes[StatecraftSpanAttribute.stateTo] = spanLabel(of: state)
            attributes[InstrumentationKey.eventOutcome] = outcome.instrumentationValue
        }
        if case .unsettled(let loop) = outcome {
            span.recordError(loop)
            span.setStatus(SpanStatus(code: .error, message: loop.description))
        }
        span.end()
        return outcome
    }
}
