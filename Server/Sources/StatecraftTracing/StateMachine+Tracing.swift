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
    ///   - tracing: The spans of the machine's type. When its tracer is the `NoOpTracer`, this is
    ///     `StateMachine.send(_:)`.
    /// - Returns: What became of the event.
    /// - Complexity: Inlined, so that the machine's `send(_:)` is specialised for its definition as at any
    ///   other call site; with tracing off, one test more than `send(_:)`.
    @inlinable @inline(__always) @discardableResult
    public func send(_ event: Event, tracing: MachineTracing) -> EventOutcome {
        guard tracing.isTracing else { return send(event) }
        return sendInSpan(event, tracing: tracing)
    }

    /// ``send(_:tracing:)`` with a tracer: out of line, so that the check inlined at the call site stays small
    /// (inlined, it cost 75 instructions more per event with tracing off, in `Benchmarks/instructions-per-event.sh`).
    @inlinable @inline(never)
    func sendInSpan(_ event: Event, tracing: MachineTracing) -> EventOutcome {
        let span = tracing.startMacrostep(event: event, from: state)
        let outcome = InstrumentationContext.$current.withValue(span.context) { send(event) }
        tracing.endMacrostep(span, to: state, outcome: outcome)
        return outcome
    }
}

extension MachineTracing {
    /// Starts the span `macrostep TYPE` of `event` in `state`, a child of the current span.
    @usableFromInline func startMacrostep(event: some Any, from state: some Any) -> any Span {
        let span = tracer.startSpan("macrostep \(machineType)", context: .current ?? .topLevel)
        span.updateAttributes { attributes in
            attributes[InstrumentationKey.machineType] = machineType
            attributes[StatecraftSpanAttribute.event] = String(describing: event)
            attributes[StatecraftSpanAttribute.stateFrom] = spanLabel(of: state)
        }
        return span
    }

    /// Ends the span of a macrostep that reached `state` with `outcome`; an unsettled one records its loop.
    @usableFromInline func endMacrostep(_ span: any Span, to state: some Any, outcome: EventOutcome) {
        span.updateAttributes { attributes in
            attributes[StatecraftSpanAttribute.stateTo] = spanLabel(of: state)
            attributes[InstrumentationKey.eventOutcome] = outcome.instrumentationValue
        }
        if case .unsettled(let loop) = outcome {
            span.recordError(loop)
            span.setStatus(SpanStatus(code: .error, message: loop.description))
        }
        span.end()
    }
}
