/// One transition of a machine, as delivered by ``StateMachine/transitions``: the state before, the event,
/// and the state after.
@frozen
public struct MachineTransition<State, Event> {
    /// The state before the transition.
    public let from: State
    /// The event that caused it.
    public let event: Event
    /// The state after the transition.
    public let to: State

    /// Creates a transition record.
    @inlinable
    public init(from: State, event: Event, to: State) {
        self.from = from
        self.event = event
        self.to = to
    }
}

extension MachineTransition: Sendable where State: Sendable, Event: Sendable {}
extension MachineTransition: Equatable where State: Equatable, Event: Equatable {}
