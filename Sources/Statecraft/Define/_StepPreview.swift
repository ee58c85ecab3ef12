/// Not API: what a definition that `MachineDefinition._updatesStateInPlace` can tell about an event before the
/// machine marks itself busy, without running user code (`MachineDefinition._preview(of:in:nothingAttached:)`), handed back to
/// its ``MachineDefinition/_update(_:on:preview:in:)`` so that the step does not find it out again.
///
/// A chart's preview is the position of the event's microstep plan in the configuration the machine is in
/// (``ChartMicrostepPlans``), or ``ignored`` when that plan says no transition handles the event.
@frozen
public struct _StepPreview: Equatable, Sendable {
    /// A plan's position (0 or more), or one of the negative values of ``unknown`` and ``ignored``.
    public let rawValue: Int

    /// A preview of `rawValue`.
    @inlinable public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Nothing known: the step finds out for itself.
    @inlinable public static var unknown: _StepPreview { _StepPreview(rawValue: -1) }

    /// The event is ignored in the machine's state, and nothing but the machine's ignored-event observers
    /// needs to hear of it: the machine answers without stepping when none is attached.
    @inlinable public static var ignored: _StepPreview { _StepPreview(rawValue: -2) }

    /// The event's step is the plan at `position` in the definition's plans.
    @inlinable public static func plan(at position: Int) -> _StepPreview { _StepPreview(rawValue: position) }

    /// The position of the event's plan, or a negative value when the preview names none.
    @inlinable public var planPosition: Int { rawValue }
}
