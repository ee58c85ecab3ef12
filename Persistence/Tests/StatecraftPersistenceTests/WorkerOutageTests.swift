import Foundation
import StatecraftPersistence
import Testing

/// A worker rides out an outage of its store — connections dropped, the database restarting — and gives up
/// only once it has lasted the worker's `outageTolerance`.
@Suite("Worker outages")
struct WorkerOutageTests {
    /// A worker of a store that is unavailable for its first three passes applies the accepted event once the
    /// store is back, and `run()` goes on serving instead of throwing.
    @Test func aWorkerServesOnOnceTheStoreIsBack() async throws {
        try await SQLiteStoreTests.withStore { contract in
            let base = try #require(contract.store as? any EffectOutbox & ShardLeases)
            let store = FlakyWorkerStore(base, failures: 3)
            let order = StoreContract.uniqueID("outage")
            try await store.accept(
                machine: order, eventID: "place", event: StoreContract.json(.place),
                acceptedAt: DurableTimeline.wall.now)
            let worker = DurableWorker(
                store: store, chart: PaymentChart.make(), owner: StoreContract.uniqueID("worker"), shardCount: 4,
                lease: .milliseconds(150), outageTolerance: .seconds(30))
            let pass = try await worker.serveOnceRidingOutOutages()
            #expect(store.failuresLeft == 0)
            #expect(pass.applied == 1)
            #expect(try await contract.journalReplays(order) == ["place"])
            try await store.releaseShards(owner: worker.owner)
        }
    }

    /// An outage longer than the tolerance ends the pass with the store's unavailability.
    @Test func aWorkerGivesUpOnceTheOutageOutlastsItsTolerance() async throws {
        try await SQLiteStoreTests.withStore { contract in
            let base = try #require(contract.store as? any EffectOutbox & ShardLeases)
            let store = FlakyWorkerStore(base, failures: 1_000)
            let worker = DurableWorker(
                store: store, chart: PaymentChart.make(), owner: StoreContract.uniqueID("worker"), shardCount: 4,
                lease: .milliseconds(150), outageTolerance: .milliseconds(300))
            await #expect(throws: DurableMachineError.self) { try await worker.serveOnceRidingOutOutages() }
            #expect(store.failuresLeft < 1_000 - 1)
        }
    }

    /// A worker whose task is cancelled in the middle of a pass — its store operation failing for it, as
    /// postgres-nio's do — stops as after a pass: `run()` returns and the worker's leases are released.
    @Test func aWorkerCancelledInTheMiddleOfAPassReleasesItsLeases() async throws {
        try await SQLiteStoreTests.withStore { contract in
            let base = try #require(contract.store as? any EffectOutbox & ShardLeases)
            let store = FlakyWorkerStore(base, failures: 0) { () throws(MachineStoreError) in
                withUnsafeCurrentTask { $0?.cancel() }
                throw .database("the operation was cancelled")
            }
            let worker = DurableWorker(
                store: store, chart: PaymentChart.make(), owner: StoreContract.uniqueID("worker"), shardCount: 4)
            try await worker.run()
            #expect(try await store.shardLeases().filter { $0.owner == worker.owner }.isEmpty)
        }
    }
}
