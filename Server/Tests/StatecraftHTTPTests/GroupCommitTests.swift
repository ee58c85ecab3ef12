import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StatecraftHTTP
import StatecraftPersistence
import Testing

/// Events posted at once to different machines are written in shared transactions (`CommitBatcher`): each test
/// holds the first transaction at the store until every other request waits for the next one, so that the
/// batches do not depend on timing.
@Suite("Group commit")
struct GroupCommitTests {
    /// The machines each test posts to, `m0` to `m15`.
    static let machines = (0..<16).map { "m\($0)" }

    @Test("Events to different machines at once share transactions; each is answered once durable, journaled once")
    func sharedTransactions() async throws {
        let (fixture, recording) = try await Self.fixture()
        try await fixture.test { client in
            try await Self.create(Self.machines, client: client)
            let before = await recording.recorder.transactions.count
            let answered = Counter()
            let responses = try await Self.postAtOnce(
                to: Self.machines, fixture: fixture, recording: recording,
                whileHeld: { #expect(await answered.value == 0, "a request was answered before its commit") }
            ) { machine in
                let response = try await client.post("/machines/\(machine)/events", json: #"{"name": "add"}"#)
                await answered.increment()
                return response
            }
            let transactions = await recording.recorder.transactions.dropFirst(before)
            #expect(transactions.count == 2)
            #expect(transactions.map(\.count).reduce(0, +) == Self.machines.count)
            for machine in Self.machines {
                let response = try #require(responses[machine])
                #expect(response.status == .ok, "\(machine): \(response.text)")
                #expect(try response.decoded(EventAnswer.self).version == 2)
                let journal = try await client.get("/machines/\(machine)/journal").decoded(JournalView.self)
                #expect(journal.entries.map(\.sequence) == [1, 2], "\(machine)")
            }
            #expect(try await fixture.store.journalCount() == 2 * Self.machines.count)
        }
    }

    @Test(
        "A step the store refuses fails only its own request; the others of its batch are stored",
        arguments: [
            (MachineStoreError.conflict(machine: "m3", expected: 1, found: 2), 409, "busy"),
            (MachineStoreError.database("injected write error for m3"), 500, "store_failed"),
        ])
    func oneStepFails(failure: MachineStoreError, status: Int, code: String) async throws {
        let (fixture, recording) = try await Self.fixture()
        try await fixture.test { client in
            try await Self.create(Self.machines, client: client)
            let before = await recording.recorder.transactions.count
            await recording.recorder.fail(machine: "m3", with: failure)
            let responses = try await Self.postAtOnce(to: Self.machines, fixture: fixture, recording: recording) {
                try await client.post("/machines/\($0)/events", json: #"{"name": "add"}"#)
            }
            #expect(await recording.recorder.transactions.count - before < Self.machines.count)
            let failed = try #require(responses["m3"])
            #expect(failed.status.code == status)
            #expect(failed.errorCode == code)
            #expect(failed.text.contains("m3"), "the error names the machine: \(failed.text)")
            for machine in Self.machines where machine != "m3" {
                #expect(responses[machine]?.status == .ok, "\(machine): \(responses[machine]?.text ?? "")")
            }
            let stored = try await fixture.store.load(machines: Self.machines)
            #expect(stored["m3"]?.version == 1)
            #expect(Self.machines.filter { stored[$0]?.version == 2 }.count == Self.machines.count - 1)
            #expect(try await fixture.store.journalCount() == 2 * Self.machines.count - 1)
        }
    }

    @Test("Each machine's events are stored in the order it sent them, across group commits")
    func orderPerMachine() async throws {
        let (fixture, recording) = try await Self.fixture()
        let machines = Array(Self.machines.prefix(8))
        let notes = 0..<6
        try await fixture.test { client in
            try await Self.create(machines, client: client)
            let before = await recording.recorder.transactions.count
            let responses = try await Self.postAtOnce(to: machines, fixture: fixture, recording: recording) {
                machine in
                // The first note is posted at once with the other machines'; the rest follow one by one.
                var versions: [Int64] = []
                for note in notes {
                    let response = try await client.post(
                        "/machines/\(machine)/events", json: #"{"name": "note", "data": \#(note)}"#)
                    versions.append(try response.decoded(EventAnswer.self).version)
                }
                return versions
            }
            #expect(await recording.recorder.transactions.count - before < machines.count * notes.count)
            for machine in machines {
                #expect(responses[machine] == notes.map { Int64($0) + 2 }, "\(machine)")
                let journal = try await client.get("/machines/\(machine)/journal").decoded(JournalView.self)
                let data = journal.entries.dropFirst().map { entry -> JSONValue? in
                    guard case .object(let record) = entry.event else { return nil }
                    return record["data"]
                }
                #expect(data == notes.map { .number(Double($0)) }, "\(machine)")
            }
        }
    }

    @Test("A store that fails every commit answers every waiting request with its error")
    func storeGoesAway() async throws {
        let (fixture, recording) = try await Self.fixture()
        try await fixture.test { client in
            try await Self.create(Self.machines, client: client)
            let before = await recording.recorder.transactions.count
            let outage = MachineStoreError.unavailable(store: "the test's store", reason: "injected outage")
            let responses = try await Self.postAtOnce(
                to: Self.machines, fixture: fixture, recording: recording,
                whileHeld: { await recording.recorder.failEverything(with: outage) }
            ) { machine in
                try await client.post("/machines/\(machine)/events", json: #"{"name": "add"}"#)
            }
            #expect(await recording.recorder.transactions.count - before == 2)
            for machine in Self.machines {
                #expect(responses[machine]?.status == .serviceUnavailable, "\(machine)")
                #expect(responses[machine]?.text.contains("injected outage") == true, "\(machine)")
            }
            // The batcher is not stuck: a later request reaches the store and gets its answer.
            let later = try await client.post("/machines/m0/events", json: #"{"name": "add"}"#)
            #expect(later.status == .serviceUnavailable)
            #expect(try await fixture.store.journalCount() == Self.machines.count)
        }
    }

    /// A fixture whose sessions write through a ``RecordingCommitStore``.
    static func fixture() async throws -> (ServeFixture, RecordingCommitStore) {
        var recording: RecordingCommitStore?
        let fixture = try await ServeFixture { store in
            let wrapper = RecordingCommitStore(store)
            recording = wrapper
            return wrapper
        }
        return (fixture, try #require(recording))
    }

    /// Creates the machines, one request after another.
    static func create(_ machines: [String], client: some TestClientProtocol) async throws {
        for machine in machines {
            let response = try await client.post("/machines", json: #"{"id": "\#(machine)"}"#)
            #expect(response.status == .created, "\(machine): \(response.text)")
        }
    }

    /// Runs `request` for every machine at once, holding the first commit at the store until each other
    /// machine's step waits for the next transaction; runs `whileHeld` then, and releases the commit.
    ///
    /// - Returns: What each machine's `request` returned.
    static func postAtOnce<Answer: Sendable>(
        to machines: [String], fixture: ServeFixture, recording: RecordingCommitStore,
        whileHeld: @Sendable () async -> Void = {}, _ request: @escaping @Sendable (String) async throws -> Answer
    ) async throws -> [String: Answer] {
        await recording.recorder.holdNextCommit()
        return try await withThrowingTaskGroup(of: (String, Answer).self) { group in
            for machine in machines { group.addTask { (machine, try await request(machine)) } }
            try await waitUntil("every step but the held one waits for the next transaction") {
                let waiting = await fixture.sessions.batcher.waitingCount
                return await recording.recorder.isHolding && waiting == machines.count - 1
            }
            await whileHeld()
            await recording.recorder.release()
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
    }

    /// Polls `condition` until it holds; fails the test after 20 seconds.
    static func waitUntil(_ what: String, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while await !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting until \(what)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// A count shared by concurrent tasks.
actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}
