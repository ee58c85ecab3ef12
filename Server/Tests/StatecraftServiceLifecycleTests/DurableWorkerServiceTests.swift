import Foundation
import ServiceLifecycle
import ServiceLifecycleTestKit
import Statecraft
import StatecraftPersistence
import StatecraftSQLite
import StatecraftServerTestSupport
import StatecraftServiceLifecycle
import StatecraftTesting
import Testing

/// `DurableWorkerService` serves a store's durable machines until a graceful shutdown, then finishes the pass
/// under way and releases its leases.
@Suite("Durable worker service")
struct DurableWorkerServiceTests {
    /// A SQLite store in a new temporary folder, and the time the workers run on (a manual clock: an idle
    /// worker waits on it, never on the wall clock).
    static func store() async throws -> (store: SQLiteMachineStore, clock: ManualClock, timeline: DurableTimeline) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("worker-service-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try await SQLiteMachineStore(path: folder.appendingPathComponent("machines.sqlite").path)
        let clock = ManualClock()
        return (
            store, clock,
            DurableTimeline(clock: clock, origin: DurableInstant(nanosecondsSinceEpoch: 1_000_000_000_000))
        )
    }

    /// A lamp worker whose leases last an hour: only a release frees its shards within the test.
    static func worker(_ store: any EventInbox & ShardLeases, owner: String, timeline: DurableTimeline)
        -> DurableWorker<LampState, LampEvent, LampContext>
    {
        DurableWorker(
            store: store, chart: .lamp(), owner: owner, shardCount: 4, lease: .seconds(3600), timeline: timeline)
    }

    /// The shards `owner` holds a lease on.
    static func shards(of owner: String, in store: any ShardLeases) async throws -> [Int] {
        try await store.shardLeases().filter { $0.owner == owner }.map(\.shard).sorted()
    }

    @Test func aGracefulShutdownReleasesTheLeases() async throws {
        let (sqlite, _, timeline) = try await Self.store()
        let store = GatedWorkerStore(sqlite)
        await store.gate.release()
        let service = DurableWorkerService(Self.worker(store, owner: "first", timeline: timeline))
        try await testGracefulShutdown { trigger async throws in
            let running = Task { try await service.run() }
            await MachineServiceTests.waitUntil { await store.log.entries.contains("claimed") }
            #expect(try await Self.shards(of: "first", in: store) == [0, 1, 2, 3])
            trigger.triggerGracefulShutdown()
            try await running.value
        }
        #expect(try await Self.shards(of: "first", in: store) == [])
        // Another worker takes every shard at once, the first one's leases an hour from running out.
        #expect(try await Self.worker(store, owner: "second", timeline: timeline).serveOnce().shards == [0, 1, 2, 3])
    }

    @Test func aServiceGroupOnSIGTERMFinishesThePassUnderWayThenReleases() async throws {
        let (sqlite, _, timeline) = try await Self.store()
        let store = GatedWorkerStore(sqlite)
        try await store.accept(
            machine: "lamp-1", eventID: "flip-1", event: try JSONEncoder().encode(LampEvent.flip),
            acceptedAt: timeline.now)
        let service = DurableWorkerService(Self.worker(store, owner: "draining", timeline: timeline))
        try await testGracefulShutdown { trigger async throws in
            // What SIGTERM does to a group configured with `gracefulShutdownSignals: [.sigterm]`.
            let group = ServiceGroup(services: [service], gracefulShutdownSignals: [.sigterm])
            let running = Task { try await group.run() }
            await MachineServiceTests.waitUntil { await store.log.entries.contains("held") }
            trigger.triggerGracefulShutdown()
            // However long it is given, the group does not return while the pass is held.
            await MachineServiceTests.waitUntil(attempts: 10_000) { await sqlite.journalCountOrZero() > 0 }
            #expect(try await sqlite.shardLeases().contains { $0.owner == "draining" })
            await store.gate.release()
            try await running.value
        }
        // The pass under way applied the accepted event; no pass began after the shutdown.
        #expect(try await sqlite.journal(machine: "lamp-1").map(\.eventID) == ["flip-1"])
        #expect(try await sqlite.acceptedCount() == 0)
        #expect(await store.log.entries == ["pass", "claimed", "held"])
        #expect(try await Self.shards(of: "draining", in: sqlite) == [])
    }

    @Test func cancellationReleasesTheLeasesToo() async throws {
        let (sqlite, _, timeline) = try await Self.store()
        let store = GatedWorkerStore(sqlite)
        await store.gate.release()
        let service = DurableWorkerService(Self.worker(store, owner: "cancelled", timeline: timeline))
        let running = Task { try await service.run() }
        await MachineServiceTests.waitUntil { await store.log.entries.contains("claimed") }
        #expect(try await Self.shards(of: "cancelled", in: store) == [0, 1, 2, 3])
        running.cancel()
        try await running.value
        #expect(try await Self.shards(of: "cancelled", in: store) == [])
    }
}

extension SQLiteMachineStore {
    /// The number of journal entries, 0 when the store cannot tell.
    func journalCountOrZero() async -> Int {
        (try? await journalCount()) ?? 0
    }
}
