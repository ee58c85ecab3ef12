import StatecraftPersistence
import StatecraftServerConventions
import Tracing

extension DurableMachine {
    /// Applies `event` as `DurableMachine.apply(_:id:)` does, in a span `apply TYPE`, a child of the caller's
    /// current span: the machine's identifier, the event and its identifier, the configurations before and
    /// after, the outcome and the version reached as attributes; a thrown error recorded, status `error`.
    ///
    /// ```swift
    /// try await order.apply(.pay, id: "payment-7781", tracing: MachineTracing(machineType: "order"))
    /// ```
    ///
    /// The span covers the retries after version conflicts and the store's writes. The trace context is not
    /// stored with the journal entry: the steps of one workflow link into one trace only within a process.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - eventID: The event's identifier, unique per machine.
    ///   - tracing: The spans of the machine's type.
    /// - Returns: `DurableOutcome`.
    /// - Throws: `DurableMachineError`, as `DurableMachine.apply(_:id:)`.
    @discardableResult
    public func apply(_ event: Event, id eventID: String, tracing: MachineTracing)
        async throws(DurableMachineError) -> DurableOutcome
    {
        guard tracing.isTracing else { return try await apply(event, id: eventID) }
        let span = tracing.tracer.startSpan("apply \(tracing.machineType)", context: .current ?? .topLevel)
        span.updateAttributes { attributes in
            attributes[InstrumentationKey.machineType] = tracing.machineType
            attributes[InstrumentationKey.machineID] = id
            attributes[StatecraftSpanAttribute.event] = String(describing: event)
            attributes[StatecraftSpanAttribute.eventID] = eventID
            attributes[StatecraftSpanAttribute.stateFrom] = spanLabel(of: configuration)
        }
        defer { span.end() }
        let result = await InstrumentationContext.$current.withValue(span.context) {
            () async -> Result<DurableOutcome, DurableMachineError> in
            do throws(DurableMachineError) {
                return .success(try await apply(event, id: eventID))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let outcome):
            span.updateAttributes { attributes in
                attributes[StatecraftSpanAttribute.stateTo] = spanLabel(of: configuration)
                attributes[InstrumentationKey.eventOutcome] = outcome.instrumentationValue
                attributes[StatecraftSpanAttribute.durableVersion] = Int(version)
            }
            return outcome
        case .failure(let error):
            span.attributes[InstrumentationKey.eventOutcome] = InstrumentationOutcome.failed
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error, message: error.description))
            throw error
        }
    }
}
