/// What a definition's step did with an event, for the machine's lifecycle to perform
/// (``StateMachine/perform(_:on:)``), the way swift-async-algorithms' state machines return an action for one
/// place to carry out.
///
/// Every case holds only plain values (no closure, no reference), so that a step costs nothing to create and
/// to drop: a definition whose answer carries hooks (a ``TransitionDecision``) is asked for it where it is
/// performed (``needsDecision``).
@usableFromInline
@frozen
enum MachineStep {
    /// The event is ignored in the machine's state.
    case ignored
    /// The general path: the definition decides (``MachineDefinition/decide(state:event:)``) and the lifecycle
    /// runs the decision's hooks around the change of state.
    case needsDecision
    /// The definition's lookup (``MachineDefinition/_transitionLookup``) answered a change of state whose hooks
    /// do nothing, to the state stored as `stateByte`: the lifecycle changes the state without calling them.
    /// `endsEffects` is `false` when the answer came from the observed lookup, which answers only while the
    /// machine's support object holds nothing but transition observers: there are no effects to end.
    case moved(toStateByte: UInt8, endsEffects: Bool)
    /// The definition updated the machine's state in place (``MachineDefinition/_update(_:on:preview:in:)``),
    /// with the kind of transition taken; `keptOldState` tells whether the state from before the event was kept
    /// for observers (`MachineDefinition._keepStateForObservers(_:in:)`) first.
    case updatedInPlace(TransitionKind, keptOldState: Bool)
}
