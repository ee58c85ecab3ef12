import Foundation
import StatecraftPersistence
import StatecraftTesting
import Testing

/// Workers share a store's shards, on every store: each holds at most its fair share among the live
/// workers, a worker holding more gives its surplus back when others come, and a killed worker's shards
/// are taken over by the others once its leases ran out.
extension StoreContract {
    /// Three workers start one after the other on 64 shards: the first takes all of them, then gives back
    /// all but its share, and the three end with 22, 22 and 20. The third is killed: once its leases ran
    /// out, the two others take its shards over, 32 each.
    func workersShareTheShardsFairlyAndTakeOverAKilledOnesShards() async throws {
        let store = try #require(store as? any EventInbox & ShardLeases)
        // Long after every other test's time: none of their workers counts as live here.
        let (clock, timeline) = Self.time(from: DurableInstant(nanosecondsSinceEpoch: 7_258_118_400_000_000_000))
        let workers = (0..<3).map { index in
            DurableWorker(
                store: store, chart: PaymentChart.make(), owner: Self.uniqueID("fair-\(index)"), shardCount: 64,
                lease: .seconds(2), timeline: timeline)
        }
        func counts(_ serving: some Sequence<Int>) async throws -> [Int] {
            var held: [Int] = []
            for index in serving { held.append(try await workers[index].serveOnce().shards.count) }
            return held
        }
        func owners() async throws -> Set<String> {
            Set(try await store.shardLeases().filter { $0.shard < 64 }.map(\.owner))
        }
        // The first alone takes everything; the others, starting, find nothing free.
        #expect(try await counts(0..<3) == [64, 0, 0])
        // The first sees three live workers and keeps its share; the others take theirs.
        #expect(try await counts(0..<3) == [22, 22, 20])
        #expect(try await counts(0..<3) == [22, 22, 20])
        #expect(try await owners() == Set(workers.map(\.owner)))
        // The third is killed: it claims no more. Once its leases ran out, the two others share its shards.
        await clock.advance(by: .seconds(1))
        #expect(try await counts(0..<2) == [22, 22])
        await clock.advance(by: .milliseconds(1500))
        #expect(try await counts(0..<2) == [32, 32])
        #expect(try await owners() == [workers[0].owner, workers[1].owner])
        for worker in workers { try await store.releaseShards(owner: worker.owner) }
    }
}
