import Statecraft
import StatecraftPersistence

/// The values of ``InstrumentationKey/eventOutcome``: what became of an event, one word each.
package enum InstrumentationOutcome {
    /// The machine transitioned.
    package static let transitioned = "transitioned"
    /// The machine ignored the event in its state.
    package static let ignored = "ignored"
    /// The event was queued behind the one the machine was handling (it is timed with that one).
    package static let queued = "queued"
    /// The machine transitioned, but the chart's macrostep reached its bound and stopped (`ChartLoopError`).
    package static let unsettled = "unsettled"
    /// A durable machine had already journaled the event's identifier and did not apply it again.
    package static let alreadyApplied = "already_applied"
    /// Handling the event threw: nothing was applied.
    package static let failed = "failed"
}

extension EventOutcome {
    /// This outcome's ``InstrumentationOutcome`` value.
    package var instrumentationValue: String {
        switch self {
        case .transitioned: InstrumentationOutcome.transitioned
        case .ignored: InstrumentationOutcome.ignored
        case .queued: InstrumentationOutcome.queued
        case .unsettled: InstrumentationOutcome.unsettled
        }
    }
}

extension DurableOutcome {
    /// This outcome's ``InstrumentationOutcome`` value.
    package var instrumentationValue: String {
        switch self {
        case .transitioned: InstrumentationOutcome.transitioned
        case .ignored: InstrumentationOutcome.ignored
        case .alreadyApplied: InstrumentationOutcome.alreadyApplied
        }
    }
}

/// The ``InstrumentationKey/errorType`` value of `error`: its fully qualified type name
/// (`StatecraftPersistence.DurableMachineError`), the same for every error of one type.
///
/// - Parameter error: The error.
/// - Returns: The type's name.
package func instrumentationErrorType(_ error: any Error) -> String {
    String(reflecting: type(of: error))
}
