/// A machine's effects: the inbox their events arrive in, the clock, effects waiting for the run loop,
/// and the effect-error observers. Lives on the machine's isolation; only ``inbox`` is shared with the
/// effects' tasks.
///
/// What a machine does on every change of state and every effect it starts without a run loop
/// (``leaveStateInline()``, ``startInline(_:)``) is inlinable, so that it runs specialised for the machine's
/// types: as a method of this generic class called through the base class, it looked up the generic metadata
/// of its collections on every call, at every change of state.
///
/// `@exclusivity(unchecked)` on the fields those paths touch: the runtime lives on the machine's isolation,
/// and no access to them spans a call into user code (effects leave the list before they are destroyed), so
/// the dynamic checks (a runtime call per access) buy nothing.
@usableFromInline
final class EffectRuntime<State, Event: Sendable>: EffectScope {
    typealias ErrorObserver = (any Error, State) -> Void

    let inbox = EffectInbox<Event>()
    /// The run loop's clock; `nil` while no run loop is running.
    @exclusivity(unchecked) @usableFromInline private(set) var clock: (any Clock<Duration>)?
    /// The run loop's clock measured from the moment it began; `nil` while no run loop is running.
    private var timeline: ClockTimeline?
    /// Effects started while no run loop was running; they start with it. All belong to the current epoch.
    @exclusivity(unchecked) @usableFromInline var pending: [StateEffect<Event>] = []
    /// The running effects of the current state, by task id: what ``end()`` keeps for the next run loop.
    @exclusivity(unchecked) @usableFromInline var running: [Int: StateEffect<Event>] = [:]
    /// The ids of effects whose operation has returned or thrown (not been cancelled), marked by their own
    /// task before its `finished` message reaches the run loop, so that ``end()`` never restarts them.
    private let completed = LockedValue(Set<Int>())
    private var nextTaskID = 0
    /// The tasks of the invocations of this machine and of the charts it invoked (see ``InvocationTask``).
    private var invocationTasks: [InvocationTask] = []
    private var errorObservers: [(token: ObserverToken, observer: ErrorObserver)] = []
    @exclusivity(unchecked) @usableFromInline var activityObservers:
        [(token: ObserverToken, observer: (EffectActivity) -> Void)] = []
    /// Errors that no observer heard, oldest first.
    private(set) var unobservedErrors: [any Error] = []

    /// Whether a run loop is running.
    var isRunning: Bool { clock != nil }

    /// The number of effects started in the current state and not finished, waiting ones included.
    var activeCount: Int { tasks.count + pending.count }

    /// ``leaveState()``, inline: a machine whose state started no task and has no activity observer only starts
    /// a new epoch and forgets the effects waiting for a run loop, here, specialised; any other goes through
    /// ``leaveStateGenerally()``.
    @inlinable func leaveStateInline() {
        guard tasks.isEmpty, running.isEmpty, activityObservers.isEmpty else { return leaveStateGenerally() }
        epoch &+= 1
        // Keeps the buffer (see `forgetState()`); one by one, as `removeAll(keepingCapacity:)` goes through a
        // range replacement. Each effect is moved out before it is destroyed, so that whatever its release runs
        // does so outside any access to the list.
        while let effect = pending.popLast() { _ = consume effect }
    }

    /// ``start(_:)``, inline: without a run loop and without an activity observer the effect only waits, here,
    /// specialised; any other goes through ``start(_:)``.
    @inlinable func startInline(_ effect: StateEffect<Event>) {
        guard clock == nil, activityObservers.isEmpty else { return start(effect) }
        pending.append(effect)
    }

    /// What the shell calls on every change of state: ``EffectScope/specialisedLeaveState`` when a
    /// ``StateMachine/startEffect(_:)`` specialised for the machine installed it, ``leaveStateGenerally()``
    /// otherwise.
    @usableFromInline override func leaveState() {
        if let specialisedLeaveState { specialisedLeaveState(self) } else { leaveStateGenerally() }
    }

    /// Tells the effect observers which effects the change of state cancels, then forgets them.
    @usableFromInline func leaveStateGenerally() {
        if !activityObservers.isEmpty {
            let done = completed.withLock { $0 }
            let cancelled =
                running.filter { !done.contains($0.key) }.sorted { $0.key < $1.key }.map(\.value) + pending
            for effect in cancelled { report(.cancelled(effect.name)) }
        }
        forgetState()
    }

    /// Starts a new epoch and forgets the state's effects, telling no observer.
    private func forgetState() {
        super.leaveState()
        running.removeAll(keepingCapacity: true)
        // Keeps the buffer: a machine that changes state without a run loop would otherwise allocate
        // it again for the next state's effects.
        pending.removeAll(keepingCapacity: true)
    }

    /// Starts `effect` in the current epoch now, or when the run loop starts.
    @usableFromInline func start(_ effect: StateEffect<Event>) {
        if !activityObservers.isEmpty { report(.started(effect.name)) }
        if let clock {
            spawn(effect, clock: clock)
        } else {
            pending.append(effect)
        }
    }

    private func spawn(_ effect: StateEffect<Event>, clock: any Clock<Duration>) {
        let id = nextTaskID
        nextTaskID += 1
        let epoch = self.epoch
        let inbox = self.inbox
        let context = EffectContext(epoch: epoch, inbox: inbox, clock: clock)
        running[id] = effect
        let completed = self.completed
        tasks[id] = Task {
            do {
                try await effect.operation(context)
                completed.withLock { _ = $0.insert(id) }
            } catch is CancellationError {
                // How a cancelled effect ends: nothing to report, and it starts again with a later run loop.
            } catch {
                completed.withLock { _ = $0.insert(id) }
                inbox.post(.failure(epoch: epoch, error: error, mapping: effect.errorMapping))
            }
            inbox.post(.finished(id: id))
        }
    }

    /// Opens the inbox and starts the effects that were waiting.
    func begin(clock: any Clock<Duration>) {
        self.clock = clock
        timeline = ClockTimeline(clock: clock)
        inbox.open()
        let waiting = pending
        pending.removeAll()
        for effect in waiting { spawn(effect, clock: clock) }
        for task in invocationTasks { task.spawn(inbox: inbox, clock: clock) }
    }

    /// Starts an invocation's task now, or when the run loop starts; it is not tied to the state epoch
    /// (its invocation cancels it).
    func startInvocationTask(_ task: InvocationTask) {
        invocationTasks.removeAll { $0.isOver }
        invocationTasks.append(task)
        if let clock { task.spawn(inbox: inbox, clock: clock) }
    }

    /// Cancels every running effect and closes the inbox. Starts a new epoch so that a straggler cannot
    /// deliver into a later run loop.
    ///
    /// The machine stays in its state, so the effects of that state that had not finished are kept and
    /// start again, from the beginning, with the next run loop: a screen that disappears and reappears
    /// (its run loop's task cancelled, then a new one) resumes its loading instead of waiting forever.
    func end() {
        clock = nil
        timeline = nil
        let done = completed.withLock { ids in
            defer { ids.removeAll() }
            return ids
        }
        let unfinished = running.filter { !done.contains($0.key) }.sorted { $0.key < $1.key }.map(\.value) + pending
        forgetState()
        pending = unfinished
        invocationTasks.removeAll { $0.isOver }
        for task in invocationTasks { task.pause() }
        inbox.close()
    }

    /// Forgets a finished effect's task: it does not start again with a later run loop.
    func finished(id: Int) {
        tasks[id] = nil
        running[id] = nil
        completed.withLock { _ = $0.remove(id) }
    }

    /// The number of effects waiting for a run loop to start them.
    var waitingCount: Int { pending.count }

    func addErrorObserver(token: ObserverToken, _ observer: @escaping ErrorObserver) {
        errorObservers.append((token, observer))
    }

    func addActivityObserver(token: ObserverToken, _ observer: @escaping (EffectActivity) -> Void) {
        activityObservers.append((token, observer))
    }

    override func removeObserver(_ token: ObserverToken) -> Bool {
        if let index = errorObservers.firstIndex(where: { $0.token == token }) {
            errorObservers.remove(at: index)
            return true
        }
        guard let index = activityObservers.firstIndex(where: { $0.token == token }) else { return false }
        activityObservers.remove(at: index)
        return true
    }

    override var observerCount: Int { errorObservers.count + activityObservers.count }

    /// Tells the effect observers about `activity`.
    private func report(_ activity: EffectActivity) {
        let current = activityObservers
        for entry in current { entry.observer(activity) }
    }

    /// Tells the observers about `error`, or keeps it in ``unobservedErrors`` when there are none.
    func report(_ error: any Error, in state: State) {
        if errorObservers.isEmpty {
            unobservedErrors.append(error)
            return
        }
        let current = errorObservers
        for entry in current { entry.observer(error, state) }
    }
}

extension EffectRuntime: RunLoopClock {
    @usableFromInline var elapsed: Duration {
        guard let timeline else {
            preconditionFailure(
                "Internal inconsistency: a run-loop timer client read the clock after the run loop stopped")
        }
        return timeline.elapsed()
    }

    @usableFromInline func startTimer(until deadline: Duration) -> Task<Void, Never> {
        guard let timeline else {
            preconditionFailure("Internal inconsistency: a run-loop timer was started after the run loop stopped")
        }
        let inbox = self.inbox
        // Not one of the state's tasks: a timer outlives changes of state; its client cancels it.
        return Task {
            do {
                try await timeline.sleepUntil(deadline)
            } catch {
                return
            }
            inbox.post(.timerFired)
        }
    }
}
