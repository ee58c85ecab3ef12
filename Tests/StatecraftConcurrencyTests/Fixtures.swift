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

/// A gate an effect passes once per `release()`; waiting ignores task cancellation on purpose, so a test
/// can make cancelled work carry on and try to send events.
final class Gate: Sendable {
    private struct Storage {
        var permits = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let storage = LockedValue(Storage())

    func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let go = storage.withLock { storage -> Bool in
                if storage.permits > 0 {
                    storage.permits -= 1
                    return true
                }
                storage.waiters.append(continuation)
                return false
            }
            if go { continuation.resume() }
        }
    }

    func release() {
        let waiter = storage.withLock { storage -> CheckedContinuation<Void, Never>? in
            if storage.waiters.isEmpty {
                storage.permits += 1
                return nil
            }
            return storage.waiters.removeFirst()
        }
        waiter?.resume()
    }
}

/// A thread-safe counter for observers called from closures that must be `Sendable`.
final class Counter: Sendable {
    private let storage = LockedValue(0)
    func increment() { storage.withLock { $0 += 1 } }
    var value: Int { storage.withLock { $0 } }
}
