import Statecraft

extension DurableMachine {
    /// A durable effect ``runPendingEffects()`` is running: its key and its task.
    struct RunningEffect {
        /// The run's idempotency key.
        var key: String
        /// The task running the operation.
        var task: Task<Result<Event, any Error>, Never>
    }

    /// Checks that the effects' names are unique and their states are the chart's.
    ///
    /// - Throws: ``DurableMachineError/invalidEffect(name:problem:)``.
    static func validate(_ effects: [DurableEffect<StateID, Event>], chart: Chart) throws(DurableMachineError) {
        var names: Set<String> = []
        let states = Set(chart.states)
        for effect in effects {
            guard names.insert(effect.name).inserted else {
                throw .invalidEffect(name: effect.name, problem: "two durable effects have this name")
            }
            guard states.contains(effect.state) else {
                throw .invalidEffect(name: effect.name, problem: "the chart has no state \(effect.state)")
            }
        }
    }

    /// Runs the machine's pending durable effects — those its store's outbox holds, started by steps of this
    /// or any other process — concurrently, and applies each completion event exactly once.
    ///
    /// ```swift
    /// try await order.apply(.place, id: "place-1")       // enters .capturing: "capture" is pending
    /// let reports = try await order.runPendingEffects()  // [capture: .applied(.transitioned)]
    /// ```
    ///
    /// A write of this machine that leaves an effect's state while it runs cancels its task (the row is gone
    /// with that write); a completion arriving after that is dropped (``DurableEffectOutcome/cancelled``).
    /// An effect this machine is running already (for an earlier call) is left to that call.
    ///
    /// - Returns: What became of each run, in the outbox's order.
    /// - Throws: ``DurableMachineError/noOutbox(machine:store:)`` without an outbox; the store's failures.
    /// - Complexity: One outbox read, then one write per completion.
    public func runPendingEffects() async throws(DurableMachineError) -> [DurableEffectReport] {
        guard let outbox = store as? any EffectOutbox else {
            throw .noOutbox(machine: id, store: String(describing: type(of: store)))
        }
        let pending: [PendingEffect]
        do {
            pending = try await outbox.pendingEffects(machine: id)
        } catch {
            throw .store(error)
        }
        var started: [(run: DurableEffectRun, task: Task<Result<Event, any Error>, Never>)] = []
        var reports: [DurableEffectReport] = []
        // A run this machine has in progress (an earlier call's) is not started twice.
        for row in pending where runningEffects[row.effect]?.key != row.key {
            let run = row.run
            guard let effect = effects.first(where: { $0.name == row.effect }) else {
                reports.append(.init(run: run, outcome: .failed("this machine declares no effect \"\(row.effect)\"")))
                continue
            }
            let task = Self.start(effect, run)
            runningEffects[row.effect] = RunningEffect(key: run.key, task: task)
            started.append((run, task))
        }
        for (run, task) in started {
            let result = await task.value
            if runningEffects[run.effect]?.key == run.key { runningEffects[run.effect] = nil }
            reports.append(.init(run: run, outcome: try await finish(run, result, cancelled: task.isCancelled)))
        }
        return reports
    }

    /// Starts a run of `effect`'s operation in a task of its own.
    static func start(_ effect: DurableEffect<StateID, Event>, _ run: DurableEffectRun)
        -> Task<Result<Event, any Error>, Never>
    {
        Task {
            do {
                return .success(try await effect.operation(run))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Applies what a run of an effect came to: its event, or its failure's event, exactly once and only
    /// while the effect is pending.
    ///
    /// - Parameters:
    ///   - run: The run.
    ///   - result: What the operation returned or threw.
    ///   - cancelled: Whether its task was cancelled (its state was left).
    /// - Returns: What became of the run.
    /// - Throws: ``DurableMachineError``.
    func finish(_ run: DurableEffectRun, _ result: Result<Event, any Error>, cancelled: Bool)
        async throws(DurableMachineError) -> DurableEffectOutcome
    {
        guard let effect = effects.first(where: { $0.name == run.effect }) else {
            return .failed("this machine declares no effect \"\(run.effect)\"")
        }
        switch result {
        case .success(let event):
            return try await complete(run, of: effect, with: event)
        case .failure(let error):
            // A cancelled run's error is the cancellation's, not the effect's: it maps to no event.
            if cancelled { return .cancelled }
            if let event = effect.failure?(error) { return try await complete(run, of: effect, with: event) }
            return .failed(String(describing: error))
        }
    }

    /// Journals `event` under the run's key and removes the effect from the outbox, in one write — unless the
    /// key is journaled already, or the effect is no longer pending.
    private func complete(_ run: DurableEffectRun, of effect: DurableEffect<StateID, Event>, with event: Event)
        async throws(DurableMachineError) -> DurableEffectOutcome
    {
        for _ in 0..<maximumAttempts {
            if try await isJournaled(run.key) {
                try await reload()
                return .alreadyApplied
            }
            let decision = try Self.decide(
                [.completion(event, run: run, state: effect.state)], from: state, version: version,
                now: timeline.now, chart: chart, machine: id)
            let dropped = decision.droppedCompletions.contains(run.key)
            if dropped && decision.entries.isEmpty {
                // The state is not in the configuration. Seen at or after the start, the effect's row is an
                // orphan (a writer without the effects left the state): it goes, or it would run forever.
                guard version >= run.startedAt else {
                    try await reload()
                    continue
                }
                try await discard(run)
                return .cancelled
            }
            switch try await write(decision) {
            case .saved: return dropped ? .cancelled : .applied(decision.outcomes.last ?? .ignored)
            case .stale: continue
            case .duplicate: continue
            case .effectNotPending: return try await isJournaled(run.key) ? .alreadyApplied : .cancelled
            }
        }
        throw .tooManyConflicts(machine: id, attempts: maximumAttempts)
    }

    /// Removes the run's effect from the outbox, unjournaled (``EffectOutbox/discardEffect(machine:key:)``).
    private func discard(_ run: DurableEffectRun) async throws(DurableMachineError) {
        guard let outbox = store as? any EffectOutbox else { return }
        do {
            try await outbox.discardEffect(machine: id, key: run.key)
        } catch {
            throw .store(error)
        }
    }

    /// Cancels the tasks of the running effects named.
    func cancelRunningEffects(_ names: [String]) {
        for name in names {
            runningEffects.removeValue(forKey: name)?.task.cancel()
        }
    }
}

extension DurableMachine.Decision {
    /// The durable effects the decision's steps start and cancel: an effect starts when a step brings its
    /// state into the configuration (at that step's version; for a machine never stored, the initial
    /// configuration's at version 0) and is cancelled when a step takes its state out. One started and
    /// cancelled within the decision is neither.
    ///
    /// - Parameter effects: The machine's durable effects.
    /// - Returns: The effects started, and the names of the stored ones cancelled.
    /// - Complexity: O(*s* × *e*) in the steps and the effects.
    func effectChanges(_ effects: [DurableEffect<StateID, Event>]) -> (started: [PendingEffect], cancelled: [String]) {
        guard !effects.isEmpty, !entries.isEmpty else { return ([], []) }
        var started: [String: Int64] = [:]
        var cancelled: [String] = []
        var before = Set(start.snapshot.configuration)
        if baseVersion == 0 {
            for effect in effects where before.contains(effect.state) { started[effect.name] = 0 }
        }
        for (entry, next) in zip(entries, states) {
            let after = Set(next.snapshot.configuration)
            for effect in effects {
                switch (before.contains(effect.state), after.contains(effect.state)) {
                case (true, false):
                    if started.removeValue(forKey: effect.name) == nil, !cancelled.contains(effect.name) {
                        cancelled.append(effect.name)
                    }
                case (false, true): started[effect.name] = entry.sequence
                default: break
                }
            }
            before = after
        }
        let pending = effects.compactMap { effect in
            started[effect.name].map { PendingEffect(machine: machine, effect: effect.name, startedAt: $0) }
        }
        return (pending, cancelled)
    }
}
