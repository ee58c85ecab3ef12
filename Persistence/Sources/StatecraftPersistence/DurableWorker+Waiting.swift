extension DurableWorker {
    /// Sleeps until there may be work: an event accepted through this process's store
    /// (``EventInbox/acceptanceSignal``) for one of the shards the worker held at its last pass, since that
    /// pass began to read the inbox — or its poll interval (at most a third of its lease) elapsed, or the task
    /// is cancelled. What ``run()`` does after a pass that found nothing to do.
    ///
    /// ```swift
    /// while !Task.isCancelled {
    ///     let pass = try await worker.serveOnce()
    ///     if pass.applied + pass.fired == 0 { await worker.awaitWork() }
    /// }
    /// ```
    ///
    /// Events accepted by other processes, and timers falling due, are found at the next poll.
    public func awaitWork() async {
        let deadline = timeline.now.advanced(by: min(pollInterval, lease / 3))
        let timeline = timeline
        guard let signal = store.acceptanceSignal else {
            try? await timeline.sleep(until: deadline)
            return
        }
        let owner = owner
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await timeline.sleep(until: deadline) }
            group.addTask {
                await withTaskCancellationHandler {
                    await signal.waitForMark(owner)
                } onCancel: {
                    Task { await signal.endWait(owner) }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
