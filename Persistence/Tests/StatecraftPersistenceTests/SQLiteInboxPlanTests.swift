import Foundation
import StatecraftPersistence
import Testing

@testable import StatecraftSQLite

/// How the SQLite store reads a batch of the inbox of a worker's shards: in position order when they cover
/// many slots (no sort of every row of their slots), through the slot index when they cover few.
@Suite("SQLite inbox plan")
struct SQLiteInboxPlanTests {
    /// The plan SQLite chooses for the inbox batch of `shards` among 64, one line per step.
    private static func plan(of shards: [Int], on store: SQLiteMachineStore) async throws -> String {
        let (sql, binds) = SQLiteMachineStore.acceptedEventsQuery(shards: shards, shardCount: 64, limit: 500)
        return try await store.query("EXPLAIN QUERY PLAN " + sql, binds).compactMap { $0.last?.text }
            .joined(separator: "\n")
    }

    @Test func acceptedEventsQueryPlan() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString).db").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let store = try await SQLiteMachineStore(path: path)
        // Half the shards, as each of two workers holds: the table in position order, nothing sorted.
        let half = try await Self.plan(of: Array(0..<32), on: store)
        #expect(!half.contains("TEMP B-TREE"), "\(half)")
        #expect(!half.contains("statecraft_inbox_slot"), "\(half)")
        // A sixteenth, as each of sixteen workers holds: still in position order.
        #expect(!(try await Self.plan(of: Array(0..<4), on: store)).contains("TEMP B-TREE"))
        // Two shards: their slots through the index, then sorted.
        let few = try await Self.plan(of: [3, 40], on: store)
        #expect(few.contains("statecraft_inbox_slot"), "\(few)")
        try await store.close()
    }
}
