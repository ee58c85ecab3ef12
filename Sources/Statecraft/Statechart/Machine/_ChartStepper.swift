/// Not API: what a chart machine's steps reuse from one event to the next (``MachineDefinition/_Stepper``): the box
/// of the scope its guards and actions receive. Each machine makes its own (``StateMachine/init(chart:context:)``
/// and every other initializer), so no step checks which machine owns it.
@frozen
public struct _ChartStepper<StateID: Hashable & Sendable, Event> {
    /// The box of the scope the machine's steps hand to guards and actions.
    @usableFromInline let box: ChartScopeBox<StateID, Event>

    /// A stepper using `box`.
    @usableFromInline init(box: ChartScopeBox<StateID, Event>) {
        self.box = box
    }
}
