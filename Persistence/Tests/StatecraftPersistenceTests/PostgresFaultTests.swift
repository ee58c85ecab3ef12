import Foundation
import StatecraftPersistence
import Synchronization
import Testing

@testable import StatecraftPostgres

/// The PostgreSQL store when the server is not there, stops answering or drops its connections: a typed
/// error within the policy's time limits, or a bounded reconnect that tells why — never a hang.
@Suite("PostgreSQL store faults")
struct PostgresFaultTests {
    /// A policy with short limits, so that the tests take about a second.
    static var quickPolicy: PostgresStorePolicy {
        var policy = PostgresStorePolicy()
        policy.connectTimeout = .milliseconds(500)
        policy.attemptTimeout = .milliseconds(500)
        policy.reconnectWindow = .seconds(1)
        return policy
    }

    static func expectUnavailable(
        _ server: String, containing words: String, within limit: Duration, _ body: () async throws -> Void
    ) async {
        let start = ContinuousClock.now
        await #expect {
            try await body()
        } throws: { error in
            guard case .unavailable(let store, let reason)? = error as? MachineStoreError else { return false }
            return store == server && reason.contains(words)
        }
        #expect(ContinuousClock.now - start < limit)
    }

    @Test func nothingListeningIsReportedAtOnce() async {
        await Self.expectUnavailable("127.0.0.1:1", containing: "cannot connect", within: .seconds(3)) {
            _ = try await PostgresMachineStore(url: "postgres://postgres@127.0.0.1:1/none")
        }
    }

    #if os(Linux)
        @Test func aServerThatNeverAnswersIsReportedWithinTheTimeLimit() async throws {
            let listener = try SilentListener()
            defer { listener.close() }
            // postgres-nio's connect timeout covers the startup exchange: the silence is reported as a timeout.
            await Self.expectUnavailable("127.0.0.1:\(listener.port)", containing: "timeout", within: .seconds(5)) {
                _ = try await PostgresMachineStore(
                    url: "postgres://postgres@127.0.0.1:\(listener.port)/none", policy: Self.quickPolicy)
            }
        }
    #endif

    @Test func aTimeLimitEndsAnOperationThatNeverFinishes() async throws {
        await #expect(throws: TimeLimitExceeded.self) {
            try await withTimeLimit(.milliseconds(50)) { try await Task.sleep(for: .seconds(3600)) }
        }
        #expect(try await withTimeLimit(.seconds(60)) { 42 } == 42)
    }

    /// The store's connection terminated by the server (`pg_terminate_backend`) while a save waits on it —
    /// for a row lock that `psql` holds for 2 seconds: the save is retried on a new connection, succeeds
    /// once the lock is gone, and the store says once that it is retrying.
    @Test(.enabled(if: PostgresStoreTests.url != nil, PostgresStoreTests.skipReason))
    func aConnectionTerminatedMidSaveIsReplaced() async throws {
        let database = "faults_\(UUID().uuidString.prefix(8).lowercased())"
        try Self.psql("CREATE DATABASE \(database)")
        defer { try? Self.psql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)") }
        let base = try #require(PostgresStoreTests.url)
        let messages = Mutex<[String]>([])
        let store = try await PostgresMachineStore(
            url: "\(base[..<(base.lastIndex(of: "/") ?? base.endIndex)])/\(database)", maximumConnections: 2
        ) { message in messages.withLock { $0.append(message) } }
        do {
            try await store.save(machine: "m", snapshot: Data("one".utf8), entry: StoreContract.entry(1, "a"))
            let locker = try Self.startPsql(
                "BEGIN; SELECT 1 FROM statecraft_machines WHERE id = 'm' FOR UPDATE; SELECT pg_sleep(2); COMMIT;",
                database: database)
            try await Self.waitUntilLocked(database)
            async let saved: Void = store.save(
                machine: "m", snapshot: Data("two".utf8), entry: StoreContract.entry(2, "b"))
            try await Self.waitUntilWaiting(database)
            try Self.psql(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = '\(database)' AND wait_event_type = 'Lock'
                """)
            try await saved
            locker.waitUntilExit()
            #expect(try await store.load(machine: "m") == StoredMachine(snapshot: Data("two".utf8), version: 2))
        } catch {
            await store.close()
            throw error
        }
        await store.close()
        let told = messages.withLock { $0 }
        #expect(told.count == 1)
        #expect(told.first?.contains("lost the connection to") == true)
    }

    /// Polls (every 50 ms, at most 10 s) until a session of `database` holds a row lock in a transaction.
    static func waitUntilLocked(_ database: String) async throws {
        try await poll(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND query LIKE '%pg_sleep%'"
                + " AND state = 'active'")
    }

    /// Polls until a session of `database` waits for a lock.
    static func waitUntilWaiting(_ database: String) async throws {
        try await poll(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND wait_event_type = 'Lock'")
    }

    /// Polls a `SELECT count(*)` until it is positive.
    static func poll(_ query: String) async throws {
        for _ in 0..<200 {
            if try psqlValue(query) != "0" { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("never true: \(query)")
    }

    /// Starts `psql -c COMMAND` on `database` without waiting for it.
    static func startPsql(_ command: String, database: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-d", database, "-c", command]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The single value `query` returns, run with `psql` on the `postgres` database.
    static func psqlValue(_ query: String) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-t", "-A", "-d", "postgres", "-c", query]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs one SQL command with `psql` on the test server's `postgres` database.
    static func psql(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", "postgres", "-c", command]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "psql -c \(command)")
    }
}
