/// Async work of an invocation — an invoked operation, a child chart's timer — run on the run loop of the
/// outermost machine, its result handed back on that machine's isolation.
///
/// The task runs while ``StateMachine/run(clock:isolation:)`` runs: started while no run loop runs, it
/// waits; when the run loop stops, it is cancelled and starts again from the beginning with the next
/// one, like an effect. Once cancelled (its invocation's state was left) its result is dropped, even
/// if the work had already finished: the drop happens on the machine's isolation, where the cancel did.
///
/// Not API: public through `package` for the SCXML importer's child sessions.
package final class InvocationTask: @unchecked Sendable {
    // `@unchecked`: `phase` is locked; `completion` and `task` are only touched on the machine's isolation
    // (where the task is scheduled, cancelled and its result delivered).
    enum Phase: Equatable {
        case waiting
        /// Running its `generation`-th start: a result of an earlier start (one the run loop's stop
        /// cancelled too late) is not this one's.
        case running(generation: Int)
        case finished, cancelled
    }

    let phase = LockedValue(Phase.waiting)
    /// How many times the work started (only touched under `phase`'s lock, in ``spawn(inbox:clock:)``).
    private var starts = 0
    /// The work: returns the value ``completion`` receives, or `nil` to deliver nothing.
    let work: @Sendable (any Clock<Duration>) async -> (any Sendable)?
    /// Runs on the machine's isolation with the work's result.
    let completion: (any Sendable) -> Void
    var task: Task<Void, Never>?

    /// Creates a task.
    ///
    /// - Parameters:
    ///   - work: Runs on the global executor with the run loop's clock; returns the value `completion`
    ///     receives, or `nil` to deliver nothing.
    ///   - completion: Runs on the machine's isolation, unless the task was cancelled first.
    package init(
        work: @escaping @Sendable (any Clock<Duration>) async -> (any Sendable)?,
        completion: @escaping (any Sendable) -> Void
    ) {
        self.work = work
        self.completion = completion
    }

    /// Whether the task waits for a run loop to start it.
    var isWaiting: Bool { phase.withLock { $0 == .waiting } }

    /// Whether the task is over: finished or cancelled.
    var isOver: Bool { phase.withLock { $0 == .finished || $0 == .cancelled } }

    /// Starts the work; its result is posted to `inbox`.
    func spawn<Event: Sendable>(inbox: EffectInbox<Event>, clock: any Clock<Duration>) {
        let generation: Int? = phase.withLock { phase in
            guard phase == .waiting else { return nil }
            starts += 1
            phase = .running(generation: starts)
            return starts
        }
        guard let generation else { return }
        let work = self.work
        task = Task { [self] in
            guard let result = await work(clock), !Task.isCancelled else { return }
            inbox.post(.invocation(self, generation: generation, result: result))
        }
    }

    /// Takes the result of the `generation`-th start for delivery: `false` when the task was cancelled,
    /// already delivered, or started again since.
    func claim(generation: Int) -> Bool {
        phase.withLock { phase in
            guard phase == .running(generation: generation) else { return false }
            phase = .finished
            return true
        }
    }

    /// Cancels the work; a result not delivered yet is dropped.
    package func cancel() {
        phase.withLock { $0 = .cancelled }
        task?.cancel()
        task = nil
    }

    /// The run loop stopped: cancels the work, to start it again with the next run loop.
    func pause() {
        let paused = phase.withLock { phase in
            guard case .running = phase else { return false }
            phase = .waiting
            return true
        }
        guard paused else { return }
        task?.cancel()
        task = nil
    }
}
