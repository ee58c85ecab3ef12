import ServiceLifecycle
import StatecraftPersistence

/// A `DurableWorker` run as a swift-service-lifecycle `Service`: it serves the durable machines of the shards
/// it leases until a graceful shutdown (SIGTERM, through a `ServiceGroup`), then finishes the pass under way,
/// gives its leases up so that another worker takes its shards over at once, and returns.
///
/// ```swift
/// let worker = DurableWorker(store: store, chart: OrderChart.make(), owner: "worker-\(UUID())")
/// let group = ServiceGroup(
///     services: [DurableWorkerService(worker), httpServer], gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
///
/// A pass (`DurableWorker.serveOnceRidingOutOutages()`) is the work in flight: the events it applies and the timers it fires
/// are finished, each stored once, before the service stops. It takes no new pass once the shutdown has
/// begun, and an idle wait between passes ends at once. Events accepted meanwhile stay in the store's inbox
/// for the worker that takes the shards over. Cancelling the service's task (not a graceful shutdown)
/// cancels the pass under way too; the leases are given up all the same. When the store fails, the service
/// still tries to give its leases up, then throws the store's failure.
public struct DurableWorkerService<
    StateID: Hashable & Sendable & Codable, Event: Codable & Sendable, Context: Codable & Sendable
>: Service {
    /// The worker the service runs.
    public let worker: DurableWorker<StateID, Event, Context>

    /// A service running `worker`.
    ///
    /// - Parameter worker: The worker; its owner identifier is the one whose leases are given up.
    public init(_ worker: DurableWorker<StateID, Event, Context>) {
        self.worker = worker
    }

    /// Serves passes until a graceful shutdown or cancellation, then releases the worker's leases.
    ///
    /// - Throws: `DurableMachineError` when the store fails; the leases were released first if the store
    ///   let them be.
    public func run() async throws(DurableMachineError) {
        var failure: DurableMachineError?
        do throws(DurableMachineError) {
            while !Task.isShuttingDownGracefully, !Task.isCancelled {
                // A shutdown that begins during the pass lets it finish: only the idle wait below is cut short.
                let pass = try await worker.serveOnceRidingOutOutages()
                if pass.applied + pass.fired == 0 { await idleWait() }
            }
        } catch {
            failure = error
        }
        let released = await releaseLeases()
        if let failure { throw failure }
        if case .failure(let error) = released { throw .store(error) }
    }

    /// Sleeps as `DurableWorker.run()` does after an idle pass — the poll interval, at most a third of the
    /// lease so that it is renewed in time — and returns early on a graceful shutdown or cancellation.
    private func idleWait() async {
        let timeline = worker.timeline
        let wake = timeline.now.advanced(by: min(worker.pollInterval, worker.lease / 3))
        try? await cancelWhenGracefulShutdown { try await timeline.sleep(until: wake) }
    }

    /// Gives up every lease the worker holds, in a task of its own: the service's task may be cancelled, and
    /// so would be the store's operations in it (postgres-nio's are).
    private func releaseLeases() async -> Result<Void, MachineStoreError> {
        let (store, owner) = (worker.store, worker.owner)
        return await Task { () async -> Result<Void, MachineStoreError> in
            do throws(MachineStoreError) {
                try await store.releaseShards(owner: owner)
                return .success(())
            } catch {
                return .failure(error)
            }
        }.value
    }
}
