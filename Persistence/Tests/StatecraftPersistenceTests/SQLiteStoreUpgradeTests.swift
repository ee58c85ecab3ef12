import Foundation
import StatecraftPersistence
import Testing

@testable import StatecraftSQLite

/// A file written before journal entries had a time: opening it adds the columns, and its entries read
/// as applied at the epoch, firing no timer.
@Suite("SQLite store upgrade")
struct SQLiteStoreUpgradeTests {
    @Test func aJournalWithoutTimesGetsTheColumns() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("old-\(UUID().uuidString).db").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let old = try await SQLiteConnection.open(path: path)
        try await old.perform { connection throws(SQLiteError) in
            try connection.execute(
                """
                CREATE TABLE statecraft_machines (id TEXT PRIMARY KEY, version INTEGER NOT NULL, snapshot TEXT NOT NULL)
                """)
            try connection.execute(
                """
                CREATE TABLE statecraft_journal (
                    machine_id TEXT NOT NULL, sequence INTEGER NOT NULL, event_id TEXT NOT NULL, event TEXT NOT NULL,
                    PRIMARY KEY (machine_id, sequence), UNIQUE (machine_id, event_id))
                """)
            try connection.execute("INSERT INTO statecraft_machines VALUES ('m', 1, 'one')")
            try connection.execute("INSERT INTO statecraft_journal VALUES ('m', 1, 'a', '\"addItem\"')")
        }
        try await old.close()
        let store = try await SQLiteMachineStore(path: path)
        #expect(try await store.journal(machine: "m") == [StoreContract.entry(1, "a")])
        #expect(try await store.load(machine: "m") == StoredMachine(snapshot: Data("one".utf8), version: 1))
        try await store.save(machine: "m", snapshot: Data("two".utf8), entry: StoreContract.entry(2, "b"))
        try await store.close()
    }

    /// A file written before inbox events and timers had a slot, and machines a snapshot version: opening
    /// it gives each row its machine's slot, so that a worker's reads by shard find them, and each machine
    /// its snapshot at its version.
    @Test func inboxEventsAndTimersWithoutASlotGetTheirMachines() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("slots-\(UUID().uuidString).db").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let old = try await SQLiteConnection.open(path: path)
        try await old.perform { connection throws(SQLiteError) in
            for statement in [
                "CREATE TABLE statecraft_machines (id TEXT PRIMARY KEY, version INTEGER NOT NULL, snapshot TEXT NOT NULL)",
                """
                CREATE TABLE statecraft_timers (machine_id TEXT NOT NULL, position INTEGER NOT NULL, due INTEGER NOT NULL,
                    PRIMARY KEY (machine_id, position))
                """,
                """
                CREATE TABLE statecraft_inbox (position INTEGER PRIMARY KEY AUTOINCREMENT, machine_id TEXT NOT NULL,
                    event_id TEXT NOT NULL, event TEXT NOT NULL, accepted_at INTEGER NOT NULL,
                    UNIQUE (machine_id, event_id))
                """,
                "INSERT INTO statecraft_machines VALUES ('m', 1, 'one')",
                "INSERT INTO statecraft_timers VALUES ('m', 0, 5)",
                "INSERT INTO statecraft_inbox (machine_id, event_id, event, accepted_at) VALUES ('n', 'a', '\"pay\"', 3)",
            ] {
                try connection.execute(statement)
            }
        }
        try await old.close()
        let store = try await SQLiteMachineStore(path: path)
        let (m, n) = (MachineShard.slot(of: "m"), MachineShard.slot(of: "n"))
        let taken = try await store.acceptedEvents(shards: [n], shardCount: MachineShard.slotCount, limit: 10)
        #expect(taken.map(\.eventID) == ["a"])
        let due = try await store.dueTimers(
            shards: [m], shardCount: MachineShard.slotCount, dueBy: DurableInstant(nanosecondsSinceEpoch: 5), limit: 10)
        #expect(due == [PendingTimer(machine: "m", due: DurableInstant(nanosecondsSinceEpoch: 5))])
        #expect(
            try await store.load(machine: "m")
                == StoredMachine(
                    snapshot: Data("one".utf8), version: 1, timers: [DurableInstant(nanosecondsSinceEpoch: 5)]))
        try await store.close()
    }

    /// A file with the inbox index on `(machine_id, position)` of earlier versions: opening it drops the
    /// index, and a machine's waiting events still come in acceptance order, not in identifier order.
    @Test func theInboxIndexByMachineAndPositionIsDropped() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("index-\(UUID().uuidString).db").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let first = try await SQLiteMachineStore(path: path)
        _ = try await first.query("CREATE INDEX statecraft_inbox_machine ON statecraft_inbox (machine_id, position)")
        try await first.close()
        let store = try await SQLiteMachineStore(path: path)
        let indexes = try await store.query("SELECT name FROM sqlite_master WHERE type = 'index'").compactMap {
            $0.first?.text
        }
        #expect(!indexes.contains("statecraft_inbox_machine"), "\(indexes)")
        for eventID in ["c", "a", "b"] {
            try await store.accept(
                machine: "m", eventID: eventID, event: Data("\"pay\"".utf8), acceptedAt: StoreContract.origin)
        }
        #expect(try await store.acceptedEvents(machine: "m", limit: 10).map(\.eventID) == ["c", "a", "b"])
        #expect(try await store.machinesWithAcceptedEvents(limit: 10) == ["m"])
        try await store.close()
    }
}
