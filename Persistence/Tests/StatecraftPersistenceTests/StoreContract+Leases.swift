import Foundation
import StatecraftPersistence
import Testing

/// Leases on shards of machines, on every store: claimed up to a limit, renewed by claiming again, released
/// on shutdown, taken over once they run out, never held by two workers.
extension StoreContract {
    /// The store's leases.
    var leases: any ShardLeases {
        get throws { try #require(store as? any ShardLeases, "the store keeps no leases") }
    }

    /// One worker claims three of four shards, a second the last; the first renews but gives back the shard
    /// beyond its fair share (two of four), which the second takes; once the first's lease ran out the
    /// second takes its shards over; released shards are free at once.
    func leasesAreClaimedRenewedTakenOverAndReleased() async throws {
        let leases = try leases
        let (first, second) = (Self.uniqueID("worker"), Self.uniqueID("worker"))
        let start = Self.origin
        func claim(_ owner: String, _ limit: Int, at seconds: Int64) async throws -> [Int] {
            let now = start.advanced(by: .seconds(seconds))
            return try await leases.claimShards(
                owner: owner, shardCount: 4, limit: limit, until: now.advanced(by: .seconds(2)), now: now)
        }
        #expect(try await claim(first, 3, at: 0) == [0, 1, 2])
        #expect(try await claim(second, 4, at: 0) == [3])
        #expect(try await claim(first, 3, at: 1) == [0, 1])
        #expect(try await claim(second, 4, at: 2) == [2, 3])
        #expect(try await claim(second, 4, at: 4) == [0, 1, 2, 3])
        #expect(try await claim(first, 3, at: 4) == [])
        let held = try await leases.shardLeases().filter { $0.shard < 4 }
        #expect(held.map(\.owner) == Array(repeating: second, count: 4))
        #expect(held.map(\.expires) == Array(repeating: start.advanced(by: .seconds(6)), count: 4))
        try await leases.releaseShards(owner: second)
        #expect(try await claim(first, 3, at: 5) == [0, 1, 2])
        try await leases.releaseShards(owner: first)
        // The store's leases are shared by every test of a PostgreSQL database: one test, in turn.
        try await concurrentClaimsNeverShareAShard()
    }

    /// Eight workers claim sixteen shards at once: each shard goes to one of them.
    private func concurrentClaimsNeverShareAShard() async throws {
        let leases = try leases
        let now = Self.origin.advanced(by: .seconds(3600))
        let owners = (0..<8).map { _ in Self.uniqueID("racer") }
        let claims = try await withThrowingTaskGroup(of: [Int].self) { group in
            for owner in owners {
                group.addTask {
                    try await leases.claimShards(
                        owner: owner, shardCount: 16, limit: 16, until: now.advanced(by: .seconds(2)), now: now)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(claims.flatMap { $0 }.sorted() == Array(0..<16))
        for owner in owners { try await leases.releaseShards(owner: owner) }
    }
}
