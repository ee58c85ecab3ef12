/// Not API: what a definition that ``MachineDefinition/_updatesStateInPlace`` found out about an event before
/// the machine steps (``MachineDefinition/_stepHint(for:in:)``), handed back to its
/// ``MachineDefinition/_update(_:on:hint:in:)`` so that the step does not find it out again.
///
/// A chart's hint is the position of the event's microstep plan in the configuration the machine is in
/// (``ChartMicrostepPlans``), or ``ignored`` when that plan says no transition handles the event.
@frozen
public struct _StepHint: Equatable, Sendable {
    /// The hint's value: a position (0 or more), or one of the negative values below.
    public let rawValue: Int

    /// A hint of `rawValue`.
    @inlinable public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Nothing known: the step finds out for itself.
    @inlinable public static var unknown: _StepHint { _StepHint(rawValue: -1) }

    /// The event is ignored in the machine's state, and nothing but the machine's ignored-event observers
    /// needs to hear of it: the machine answers `false` without stepping when none is attached.
    @inlinable public static var ignored: _StepHint { _StepHint(rawValue: -2) }
}
