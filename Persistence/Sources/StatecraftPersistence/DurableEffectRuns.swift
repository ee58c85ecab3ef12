/// The durable effects a `DurableWorker` is running, shared by the copies of the worker: one task per
/// effect key, when a failed one may run again, and the reports of the runs that finished since the last
/// pass.
actor DurableEffectRuns {
    /// A run in progress.
    struct Running {
        /// The run.
        var run: DurableEffectRun
        /// Its task: the operation, then the completion's write.
        var task: Task<Void, Never>
    }

    /// The runs in progress, by key.
    private var running: [String: Running] = [:]
    /// When effects whose last run failed may run again, by key.
    private var retryAfter: [String: DurableInstant] = [:]
    /// The runs finished and not yet reported.
    private var reports: [DurableEffectReport] = []

    /// Whether a run of `key` should start at `now`: none is running, and no failed one waits for its retry.
    ///
    /// - Parameters:
    ///   - key: The effect's key.
    ///   - now: The current instant.
    func mayStart(_ key: String, at now: DurableInstant) -> Bool {
        running[key] == nil && (retryAfter[key].map { $0 <= now } ?? true)
    }

    /// Records a run started.
    ///
    /// - Parameters:
    ///   - run: The run.
    ///   - task: Its task.
    func started(_ run: DurableEffectRun, task: Task<Void, Never>) {
        running[run.key] = Running(run: run, task: task)
        retryAfter[run.key] = nil
    }

    /// Records a run finished, to report; a failed one may run again from `retry` on.
    ///
    /// - Parameters:
    ///   - report: The run and its outcome.
    ///   - retry: When it may run again; `nil` when it should not.
    func finished(_ report: DurableEffectReport, retry: DurableInstant?) {
        running[report.run.key] = nil
        retryAfter[report.run.key] = retry
        reports.append(report)
    }

    /// Cancels the runs `cancels` selects.
    ///
    /// - Parameter cancels: Whether to cancel a run.
    /// - Complexity: O(*n*) in the runs in progress.
    func cancel(where cancels: (DurableEffectRun) -> Bool) {
        for entry in running.values where cancels(entry.run) { entry.task.cancel() }
    }

    /// Forgets when the effects `forgets` selects may run again (they are no longer pending).
    ///
    /// - Parameter forgets: Whether to forget an effect's retry, by key.
    /// - Complexity: O(*n*) in the effects waiting for a retry.
    func forgetRetries(where forgets: (String) -> Bool) {
        retryAfter = retryAfter.filter { key, _ in !forgets(key) }
    }

    /// The reports of the runs finished since the last call.
    func takeReports() -> [DurableEffectReport] {
        defer { reports.removeAll() }
        return reports
    }

    /// Waits until the runs in progress have finished.
    ///
    /// - Returns: The reports of the runs finished since the last ``takeReports()``.
    func settle() async -> [DurableEffectReport] {
        while let entry = running.values.first {
            await entry.task.value
            if running[entry.run.key]?.task == entry.task { running[entry.run.key] = nil }
        }
        return takeReports()
    }
}
