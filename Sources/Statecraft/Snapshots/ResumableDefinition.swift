/// A definition whose machines need work restarted when they are restored from a snapshot — typically
/// the effects declared for the restored state.
///
/// ``StateMachine/init(definition:subject:restoring:)`` calls ``didRestore(in:)`` once the machine holds
/// the restored state. It is not an entry action: the state is not entered again, no transition runs.
/// ``StateMachineSchema`` adopts it to start the restored state's effects.
public protocol ResumableDefinition: MachineDefinition {
    /// Restarts what the restored state declares (its effects), without entering it again.
    ///
    /// - Parameter machine: The restored machine.
    func didRestore(in machine: StateMachine<Self>)
}

extension StateMachineSchema: ResumableDefinition {
    /// Starts the restored state's effects, if the schema declares effects; nothing else runs.
    ///
    /// - Parameter machine: The restored machine.
    public func didRestore(in machine: StateMachine<StateMachineSchema>) {
        if let enterState = storage.enterState { enterState(machine) }
    }
}
