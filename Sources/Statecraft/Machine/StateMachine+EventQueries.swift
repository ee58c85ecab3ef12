extension StateMachine {
    /// Whether `event` would cause a transition in the current state, without sending it.
    ///
    /// ```swift
    /// downloadButton.isEnabled = machine.can(.download)
    /// ```
    ///
    /// Asks the definition's ``MachineDefinition/decide(state:event:)``, which is pure for every style:
    /// no hook, transition block or observer runs, and the state does not change. For a
    /// ``GuardedStateMachine`` the approver's `shouldTransition(from:to:)` is asked. A `Statechart` machine
    /// evaluates its guards read-only and runs no action (see `can(_:evaluatingGuards:)`).
    ///
    /// - Parameter event: The event to test.
    /// - Returns: `true` when ``send(_:)`` would report ``EventOutcome/transitioned`` now.
    /// - Complexity: One call to ``MachineDefinition/decide(state:event:)``.
    public func can(_ event: Event) -> Bool {
        definition.decide(state: _state, event: event) != nil
    }
}

extension StateMachine where Event: CaseIterable {
    /// The events that would cause a transition in the current state, in `allCases` order.
    ///
    /// - Complexity: O(*n*) calls to `can(_:)` for *n* events.
    public var handledEvents: [Event] {
        Event.allCases.filter { can($0) }
    }
}
