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
}
