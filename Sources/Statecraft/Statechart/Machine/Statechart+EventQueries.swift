/// A definition that can tell whether an event has a transition in a state without deciding the step.
///
/// Not API: adopted by `Statechart` so that `StateMachine.can(_:)` never runs a chart's actions.
public protocol _TriggerQueryableDefinition: MachineDefinition {
    /// Whether some active state (or one of its ancestors) has a transition triggered by `event`, whose
    /// guard holds when `evaluatingGuards`.
    func _hasTransition(triggeredBy event: Event, in state: State, evaluatingGuards: Bool) -> Bool
}

extension Statechart: _TriggerQueryableDefinition {
    /// Whether an active atomic state or one of its ancestors has a transition whose trigger matches
    /// `event` (and, when `evaluatingGuards`, whose guard holds); no action runs.
    ///
    /// Guards are called with the snapshot's context (a copy: a guard cannot change it) and a scope of their
    /// own that is thrown away, so nothing they raise or send reaches the machine; a guard that throws counts
    /// as false and raises no `error.execution`.
    ///
    /// - Complexity: O(*t*) in the number of transitions of the active states and their ancestors, plus
    ///   their guards when evaluated.
    @inlinable
    public func _hasTransition(
        triggeredBy event: Event, in state: ChartSnapshot<StateID, Event, Context>, evaluatingGuards: Bool
    ) -> Bool {
        guard !state.isFinished else { return false }
        let signal = ChartSignal<StateID, Event>.event(event)
        for atomic in state.active where tables.isAtomic(atomic) {
            var source = atomic
            while source > 0 {
                for index in tables.transitionRanges[source] where tables.trigger(of: index, firesOn: signal) {
                    guard evaluatingGuards, let condition = tables.transitions[index].guardCondition else {
                        return true
                    }
                    let scope = ChartScope(signal: signal, states: tables.stateLookup, configuration: state.active)
                    if (try? condition(state.context, scope)) == true { return true }
                }
                source = tables.parents[source]
            }
        }
        return false
    }
}

extension StateMachine where Definition: _TriggerQueryableDefinition {
    /// Whether some active state of the chart, or one of its ancestors, has a transition triggered by `event`
    /// whose guard holds — whether ``send(_:)`` would handle it now.
    ///
    /// No action, entry or exit block runs and the snapshot does not change. Guards are evaluated read-only:
    /// on the current context (a copy), with a scope of their own that is thrown away, so nothing they raise
    /// or send reaches the machine; a guard that throws counts as false (as SCXML 1.0 §5.9 says) but raises
    /// no `error.execution`. Pass `evaluatingGuards: false` for the guard-free check — a transition for the
    /// event exists in the current configuration — when guards are costly or must not be called at all.
    ///
    /// - Parameters:
    ///   - event: The event to test.
    ///   - evaluatingGuards: Whether guards are asked (`can(_:)` asks them).
    /// - Complexity: O(*t*) in the number of transitions of the active states and their ancestors, plus
    ///   their guards when evaluated.
    public func can(_ event: Event, evaluatingGuards: Bool) -> Bool {
        definition._hasTransition(triggeredBy: event, in: state, evaluatingGuards: evaluatingGuards)
    }

    /// Whether the chart would handle `event` now: `can(event, evaluatingGuards: true)`, guards evaluated
    /// read-only and no action run (a separate overload so that it is chosen over the one for every
    /// definition, which would decide a whole step on a copy).
    ///
    /// - Parameter event: The event to test.
    public func can(_ event: Event) -> Bool {
        can(event, evaluatingGuards: true)
    }
}

extension StateMachine where Definition: _TriggerQueryableDefinition, Event: CaseIterable {
    /// The events the chart would handle now, guards evaluated read-only (see
    /// `can(_:evaluatingGuards:)`), in `allCases` order.
    public var handledEvents: [Event] {
        Event.allCases.filter { can($0) }
    }
}
