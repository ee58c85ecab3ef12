extension StateMachine where State: Sendable, Event: Sendable {
    /// The machine's transitions from now on, as an asynchronous sequence, buffering every one of them.
    ///
    /// ```swift
    /// for await transition in machine.transitions {
    ///     print("\(transition.from) --\(transition.event)--> \(transition.to)")
    /// }
    /// ```
    ///
    /// Equivalent to ``transitions(bufferingPolicy:)`` with `.unbounded`: a slow consumer sees every
    /// transition, at the cost of memory while it lags.
    public var transitions: AsyncStream<MachineTransition<State, Event>> {
        transitions(bufferingPolicy: .unbounded)
    }

    /// The machine's transitions from now on, as an asynchronous sequence.
    ///
    /// The stream is fed by a transition observer, in the order transitions happen, after
    /// ``didTransition`` and the observers added before it. Each call returns a new, independent stream.
    /// The stream finishes when the machine is deallocated; when its consumer stops (the iterating task is
    /// cancelled or the stream is dropped), its observer removes itself at the next transition.
    ///
    /// - Parameter bufferingPolicy: What to keep while the consumer lags: `.unbounded` keeps every
    ///   transition; `.bufferingNewest(n)` keeps the latest `n` (for a UI that only needs the current
    ///   state); `.bufferingOldest(n)` keeps the first `n` and drops later ones.
    /// - Returns: The stream.
    public func transitions(
        bufferingPolicy: AsyncStream<MachineTransition<State, Event>>.Continuation.BufferingPolicy
    ) -> AsyncStream<MachineTransition<State, Event>> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: MachineTransition<State, Event>.self, bufferingPolicy: bufferingPolicy)
        let feed = TransitionFeed(continuation)
        feed.token = addObserver { [weak self, feed] old, event, new in
            if case .terminated = feed.continuation.yield(MachineTransition(from: old, event: event, to: new)),
                let token = feed.token
            {
                self?.removeObserver(token)
            }
        }
        return stream
    }
}

/// Holds a transition stream's continuation for the observer that feeds it, and finishes the stream when
/// the observer (and so the machine) goes away.
private final class TransitionFeed<State: Sendable, Event: Sendable> {
    let continuation: AsyncStream<MachineTransition<State, Event>>.Continuation
    var token: ObserverToken?

    init(_ continuation: AsyncStream<MachineTransition<State, Event>>.Continuation) {
        self.continuation = continuation
    }

    deinit { continuation.finish() }
}
