/// A definition that can tell whether an event has a transition in a state without deciding the step.
///
/// Not API: adopted by `Statechart` so that ``StateMachine/can(_:)`` never runs a chart's actions.
public protocol _TriggerQueryableDefinition: MachineDefinition {
    /// Whether some active state (or one of its ancestors) has a transition triggered by `event`.
    func _hasTransition(triggeredBy event: Event, in state: State) -> Bool
}

extension Statechart: _TriggerQueryableDefinition {
    /// Whether an active atomic state or one of its ancestors has a transition whose trigger matches
    /// `event`; guards are not evaluated and nothing runs.
    ///
    /// - Complexity: O(*t*) in the number of transitions of the active states and their ancestors.
    @inlinable
    public func _hasTransition(triggeredBy event: Event, in state: ChartSnapshot<StateID, Event, Context>) -> Bool {
        guard !state.isFinished else { return false }
        let signal = ChartSignal<StateID, Event>.event(event)
        for atomic in state.active where tables.isAtomic(atomic) {
            var source = atomic
            while source > 0 {
                for index in tables.transitionRanges[source] where tables.trigger(of: index, firesOn: signal) {
                    return true
                }
                source = tables.parents[source]
            }
        }
        return false
    }
}

extension StateMachine where Definition: _TriggerQueryableDefinition {
    /// Whether some active state of the chart, or one of its ancestors, has a transition triggered by `event`.
    ///
    /// Guard-free: guards are not evaluated, because a chart's guards may raise `error.execution` or read
    /// context that its actions change, and a question must not run them. A `true` answer means the event
    /// is handled unless every matching transition's guard is false; `false` means ``send(_:)`` would
    /// report ``EventOutcome/ignored``. No action runs and the snapshot does not change.
    ///
    /// - Parameter event: The event to test.
    /// - Complexity: O(*t*) in the number of transitions of the active states and their ancestors.
    public func can(_ event: Event) -> Bool {
        definition._hasTransition(triggeredBy: event, in: state)
    }
}

extension StateMachine where Definition: _TriggerQueryableDefinition, Event: CaseIterable {
    /// The events some active state of the chart has a transition for, guards not evaluated (see
    /// `can(_:)`), in `allCases` order.
    public var handledEvents: [Event] {
        Event.allCases.filter { can($0) }
    }
}
