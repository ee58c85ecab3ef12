import Foundation
import StatecraftPersistence
import StatecraftTesting
import Testing

/// Durable effects served by workers, on every store: a worker runs the pending effects of its shards, a
/// worker taking over a dead one's shards runs them again with the same key, and a run whose effect was
/// cancelled — by the worker's own step or by another writer — is cancelled.
extension StoreContract {
    typealias CaptureWorker = DurableWorker<CaptureChart.State, CaptureChart.Event, Int>

    /// A time of their own for the workers of these tests: 2030, after every lease of the other tests ran out
    /// (should one of them have failed before releasing its leases). Their workers see only their own
    /// machines (`MachineScopedStore`), so the other tests' timers, due by then, are not theirs to fire.
    static func effectTime() -> (ManualClock, DurableTimeline) {
        time(from: DurableInstant(nanosecondsSinceEpoch: 1_893_456_000_000_000_000))
    }

    /// Runs `body`, then releases the leases of `workers` — also when it throws, so that other tests on the
    /// same database find the shards free.
    func releasing(_ workers: [CaptureWorker], _ body: () async throws -> Void) async throws {
        let store = try #require(store as? any ShardLeases)
        do {
            try await body()
        } catch {
            for worker in workers { try? await store.releaseShards(owner: worker.owner) }
            throw error
        }
        for worker in workers { try await store.releaseShards(owner: worker.owner) }
    }

    /// A worker of the capture chart serving only `machines` (the database may hold other tests' machines).
    func captureWorker(
        _ name: String, serving machines: Set<String>, _ timeline: DurableTimeline, _ effect: CaptureChart.Effect
    ) throws -> CaptureWorker {
        CaptureWorker(
            store: MachineScopedStore(try #require(store as? any EffectOutbox & ShardLeases), machines: machines),
            chart: CaptureChart.make(), owner: Self.uniqueID(name), shardCount: 8, lease: .seconds(2),
            timeline: timeline, effects: [effect])
    }

    /// A worker starts the capture of an order it placed and dies mid-effect (its run stalls, its lease runs
    /// out). The worker taking its shards over runs the capture again with the same key; when both runs
    /// finish, the completion is applied once.
    func aCrashedWorkersEffectRunsAgainWithTheSameKey() async throws {
        let inbox = try #require(store as? any EventInbox & ShardLeases)
        let (clock, timeline) = Self.effectTime()
        let id = Self.uniqueID("crash")
        let key = "\(id)/capture/1"
        try await inbox.accept(
            machine: id, eventID: "place", event: CaptureChart.json(.place), acceptedAt: timeline.now)
        let probe = EffectProbe()
        let first = try captureWorker("first", serving: [id], timeline, probe.capture())
        let second = try captureWorker("second", serving: [id], timeline, probe.capture())
        try await releasing([first, second]) {
            let served = try await first.serveOnce()
            #expect(served.applied == 1)
            #expect(served.startedEffects == 1)
            #expect(try await outbox.pendingEffects(machine: id).map(\.key) == [key])
            #expect(try await probe.waitForRuns(1))

            await clock.advance(by: .seconds(3))
            #expect(try await second.serveOnce().startedEffects == 1)
            #expect(try await probe.waitForRuns(2))
            #expect(await probe.runs.map(\.key) == [key, key])

            await probe.release()
            let outcomes = (await second.settleEffects() + first.settleEffects()).map(\.outcome)
            #expect(outcomes.filter { $0 == .applied(.transitioned) }.count == 1, "\(outcomes)")
            #expect(outcomes.filter { $0 == .alreadyApplied }.count == 1, "\(outcomes)")
            #expect(try await captureJournal(id) == ["place", key])
            #expect(try await outbox.pendingEffects(machine: id) == [])
            #expect(try await second.serveOnce().startedEffects == 0)
        }
    }

    /// A worker is running two captures; one order is cancelled through the worker's inbox, the other by
    /// another process. Both runs are cancelled — the first by the worker's own commit, the second at its
    /// next pass, its row being gone — and neither late completion is applied.
    func aWorkerCancelsTheRunsOfEffectsLeft() async throws {
        let inbox = try #require(store as? any EventInbox & ShardLeases)
        let (_, timeline) = Self.effectTime()
        let (viaInbox, elsewhere) = (Self.uniqueID("inbox-cancel"), Self.uniqueID("other-cancel"))
        for id in [viaInbox, elsewhere] {
            try await inbox.accept(
                machine: id, eventID: "place", event: CaptureChart.json(.place), acceptedAt: timeline.now)
        }
        let probe = EffectProbe()
        let worker = try captureWorker("canceller", serving: [viaInbox, elsewhere], timeline, probe.capture())
        try await releasing([worker]) {
            #expect(try await worker.serveOnce().startedEffects == 2)
            #expect(try await probe.waitForRuns(2))

            try await inbox.accept(
                machine: viaInbox, eventID: "cancel", event: CaptureChart.json(.cancel), acceptedAt: timeline.now)
            try await capturing(elsewhere, timeline, probe.capture()).apply(.cancel, id: "cancel")
            #expect(try await worker.serveOnce().applied == 1)
            await probe.release()
            let reports = await worker.settleEffects()
            #expect(Set(reports.map(\.run.machine)) == [viaInbox, elsewhere])
            #expect(reports.allSatisfy { $0.outcome == .cancelled }, "\(reports)")
            #expect(Set(await probe.cancelled) == ["\(viaInbox)/capture/1", "\(elsewhere)/capture/1"])
            for id in [viaInbox, elsewhere] {
                #expect(try await captureJournal(id) == ["place", "cancel"])
                #expect(try await outbox.pendingEffects(machine: id) == [])
            }
        }
    }
}
