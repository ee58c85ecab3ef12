/// What a definition's step did with an event, for the machine's lifecycle to perform
/// (``StateMachine/perform(_:on:)``), the way swift-async-algorithms' state machines return an action for one
/// place to carry out. Deciding never performs; performing never decides.
@usableFromInline
enum MachineStep<Definition: MachineDefinition> {
    /// The event is ignored in the machine's state.
    case ignored
    /// The definition decided a transition (``MachineDefinition/decide(state:event:)``): the lifecycle runs
    /// its hooks around the change of state.
    case decided(TransitionDecision<Definition.State, Definition.Action>)
    /// The definition's lookup (``MachineDefinition/_transitionLookup``) answered a change of state to `target`
    /// whose hooks do nothing: the lifecycle changes the state without calling them.
    case moved(to: Definition.State)
    /// The definition updated the machine's state in place (``MachineDefinition/_update(_:on:preview:in:)``),
    /// with the kind of transition taken; `keptOldState` tells whether the state from before the event was kept
    /// for observers (``MachineDefinition/_keepStateForObservers(_:in:)``) first.
    case updatedInPlace(TransitionKind, keptOldState: Bool)
}
