extension DurableWorker {
    /// Starts the pending durable effects of the machines of `shards` not running yet, and cancels the runs
    /// of effects no longer pending or of machines in shards no longer held.
    ///
    /// - Parameters:
    ///   - shards: The shards held.
    ///   - cancelled: Effects this pass's commits cancelled, by machine: their runs stop at once.
    /// - Returns: The number of runs started.
    /// - Throws: ``DurableMachineError``.
    /// - Complexity: One outbox read (``EffectOutbox/pendingEffects(shards:shardCount:limit:)``).
    func runPendingEffects(shards: [Int], cancelled: [String: [String]]) async throws(DurableMachineError) -> Int {
        let outbox = try self.outbox()
        let (held, count) = (Set(shards), shardCount)
        await runs.cancel { run in
            !held.contains(MachineShard.of(run.machine, count: count))
                || cancelled[run.machine]?.contains(run.effect) == true
        }
        guard !shards.isEmpty else { return 0 }
        let pending: [PendingEffect]
        do {
            pending = try await outbox.pendingEffects(shards: shards, shardCount: shardCount, limit: batchSize)
        } catch {
            throw .store(error)
        }
        if pending.count < batchSize {
            // Every pending effect of the shards is listed: a run not among them was cancelled by another writer.
            let keys = Set(pending.map(\.key))
            await runs.cancel { !keys.contains($0.key) }
            await runs.forgetRetries { !keys.contains($0) }
        }
        var started = 0
        let now = timeline.now
        for row in pending where await runs.mayStart(row.key, at: now) {
            let run = row.run
            guard let effect = effects.first(where: { $0.name == row.effect }) else {
                let report = DurableEffectReport(
                    run: run, outcome: .failed("the worker declares no effect \"\(row.effect)\""))
                await runs.finished(report, retry: now.advanced(by: effectRetryDelay))
                continue
            }
            let task = Task { await finishRun(run, of: effect) }
            await runs.started(run, task: task)
            started += 1
        }
        return started
    }

    /// Runs the operation, then applies its completion (`DurableMachine.finish(_:_:cancelled:)`) on the
    /// machine as stored, and records the report.
    private func finishRun(_ run: DurableEffectRun, of effect: DurableEffect<StateID, Event>) async {
        typealias Machine = DurableMachine<StateID, Event, Context>
        let result: Result<Event, any Error>
        do {
            result = .success(try await effect.operation(run))
        } catch {
            result = .failure(error)
        }
        let cancelled = Task.isCancelled
        // The completion is written whatever became of this task (a cancelled one's store operations would be
        // cancelled too): the store refuses it if the effect is no longer pending.
        let (store, chart, timeline, snapshotInterval, effects) = (store, chart, timeline, snapshotInterval, effects)
        let outcome = await Task { () async -> DurableEffectOutcome in
            do throws(DurableMachineError) {
                let machine = try await Machine(
                    id: run.machine, chart: chart, store: store, timeline: timeline,
                    snapshotInterval: snapshotInterval, effects: effects)
                return try await machine.finish(run, result, cancelled: cancelled)
            } catch {
                return .failed(error.description)
            }
        }.value
        // The machine moved on without this worker's cache.
        await served.update([:], forgetting: [run.machine], capacity: keptMachines)
        // A failed run — or one dropped while its row stays (a writer without the effects left its state) —
        // waits before running again.
        let retry: DurableInstant? =
            switch outcome {
            case .applied, .alreadyApplied: nil
            case .cancelled, .failed: timeline.now.advanced(by: effectRetryDelay)
            }
        await runs.finished(DurableEffectReport(run: run, outcome: outcome), retry: retry)
    }

    /// The store as an outbox.
    ///
    /// - Throws: ``DurableMachineError/noOutbox(machine:store:)`` when it keeps none.
    func outbox() throws(DurableMachineError) -> any EffectOutbox {
        guard let outbox = store as? any EffectOutbox else {
            throw .noOutbox(machine: "served by \(owner)", store: String(describing: type(of: store)))
        }
        return outbox
    }

    /// Waits until the durable effects running now have finished and their completions are written.
    ///
    /// ```swift
    /// _ = try await worker.serveOnce()                 // starts the pending effects of its shards
    /// let reports = await worker.settleEffects()       // [capture: .applied(.transitioned)]
    /// ```
    ///
    /// - Returns: The reports of the runs finished since the last pass (or the last call).
    public func settleEffects() async -> [DurableEffectReport] {
        await runs.settle()
    }
}
