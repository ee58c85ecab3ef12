extension StateMachineSchema where Event: Sendable {
    /// Creates a schema whose states start async work when they are entered.
    ///
    /// `effects` is asked, each time a machine enters a state (and for the initial state when the
    /// machine is created), for the effect of that state; the effect is cancelled when the machine leaves
    /// the state. Every schema transition is a change of state, so a transition from a state to itself
    /// restarts its effect.
    ///
    /// ```swift
    /// let schema = StateMachineSchema<Screen, ScreenEvent, Void>(
    ///     initialState: .list,
    ///     transitionLogic: { state, event in … },
    ///     effects: { state, _ in
    ///         switch state {
    ///         case .refreshing: StateEffect(catch: { _ in .showError }) { context in
    ///             try await api.refresh()
    ///             await context.send(.showList)
    ///         }
    ///         case .error: .send(.dismissError, after: .seconds(5))
    ///         case .list: nil
    ///         }
    ///     })
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state every machine created from this schema starts in.
    ///   - evaluation: Whether to tabulate the logic when `State` and `Event` allow it (the default) or call
    ///     it on every event (see ``StateMachineSchema/init(initialState:evaluation:transitionLogic:)``).
    ///   - transitionLogic: Given the current state and an event, the next state and an optional block;
    ///     or `nil` when the event is ignored.
    ///   - effects: Given a state just entered and the machine's subject, the effect to run in it, or
    ///     `nil` for none. Called on the machine's isolation.
    public init(
        initialState: State,
        evaluation: LogicEvaluation = .tabulatedWhenPossible,
        transitionLogic: @escaping TransitionLogic,
        effects: @escaping @Sendable (State, Subject) -> StateEffect<Event>?
    ) {
        let enterState: EnterState = { machine in
            if let effect = effects(machine.state, machine.subject) { machine.startEffect(effect) }
        }
        self.init(
            storage: Storage(
                initialState: initialState, transitionLogic: transitionLogic, evaluation: evaluation,
                enterState: enterState))
    }
}
