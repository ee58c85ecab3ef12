/// What became of an event given to ``StateMachine/send(_:)``.
@frozen
public enum EventOutcome: Sendable, Hashable {
    /// The event was handled now and the machine transitioned (a change of state or an update in place).
    case transitioned
    /// The event was handled now and the definition ignored it in the current state.
    case ignored
    /// The machine was busy handling another event (the call came from a hook, an action or an
    /// observer), so the event was queued; it is handled, in order, before the outer call returns.
    case queued
    /// The event was handled now and the machine transitioned, but the step did not settle: a chart's
    /// macrostep reached ``Statechart/macrostepBound`` and stopped (see ``ChartLoopError``). The
    /// machine keeps the state the step reached.
    case unsettled(ChartLoopError)

    /// Whether the event was handled now and the machine transitioned: ``transitioned`` or
    /// ``unsettled(_:)``.
    @inlinable public var didTransition: Bool {
        switch self {
        case .transitioned, .unsettled: true
        case .ignored, .queued: false
        }
    }
}
