import Statecraft

/// A download with progress, used by several suites. Its effect is injected so each test decides what the
/// async work does.
struct DownloadDefinition: MachineDefinition, Sendable {
    enum State: Sendable, Equatable { case idle, loading(Double), done, failed(String) }
    enum Event: Sendable, Equatable { case start, progress(Double), finish, fail(String), reset }

    let initialState = State.idle
    let loadingEffect: StateEffect<Event>

    func decide(state: State, event: Event) -> TransitionDecision<State, Void>? {
        switch (state, event) {
        case (.idle, .start), (.failed, .start): TransitionDecision(target: .loading(0))
        case (.loading, .progress(let value)): TransitionDecision(target: .loading(value), kind: .update)
        case (.loading, .finish): TransitionDecision(target: .done)
        case (.loading, .fail(let message)): TransitionDecision(target: .failed(message))
        case (_, .reset): TransitionDecision(target: .idle)
        default: nil
        }
    }

    func didTransition(
        from oldState: State, on event: Event,
        decision: TransitionDecision<State, Void>, in machine: StateMachine<Self>
    ) {
        if decision.kind == .change, case .loading = machine.state { machine.startEffect(loadingEffect) }
    }
}
