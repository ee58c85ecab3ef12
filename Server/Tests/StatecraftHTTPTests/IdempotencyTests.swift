import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StatecraftHTTP
import Testing

@Suite("Idempotency keys")
struct IdempotencyTests {
    @Test("A retry with the same key gets the same answer and is applied once")
    func retry() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            let headers: HTTPFields = [.idempotencyKeyForTests: "add-1"]
            let first = try await client.post("/machines/o/events", json: #"{"name": "add"}"#, headers: headers)
            let retry = try await client.post("/machines/o/events", json: #"{"name": "add"}"#, headers: headers)
            #expect(first.status == .ok)
            #expect(retry.status == .ok)
            #expect(first.headers[.idempotentReplayedForTests] == "false")
            #expect(retry.headers[.idempotentReplayedForTests] == "true")
            #expect(first.text == retry.text)
            let state = try await client.get("/machines/o").decoded(MachineState.self)
            #expect(state.version == 2)
            #expect(state.dataModel["items"] == .number(1))
            let journal = try await client.get("/machines/o/journal").decoded(JournalView.self)
            #expect(journal.entries.map(\.eventID) == ["create", "key:add-1"])
        }
    }

    @Test("The same key for another event, or other data, is refused with 409 and nothing applied")
    func reusedKey() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            let headers: HTTPFields = [.idempotencyKeyForTests: "k"]
            try await client.post("/machines/o/events", json: #"{"name": "note", "data": 1}"#, headers: headers)
            for body in [#"{"name": "add"}"#, #"{"name": "note", "data": 2}"#] {
                let response = try await client.post("/machines/o/events", json: body, headers: headers)
                #expect(response.status == .conflict)
                #expect(response.errorCode == "idempotency_key_reused")
                #expect(response.text.contains(#"idempotency key \"k\""#))
            }
            #expect(try await client.get("/machines/o").decoded(MachineState.self).version == 2)
        }
    }

    @Test("Concurrent requests with one key apply the event once; all get the same answer")
    func concurrent() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await client.post(
                            "/machines/o/events", json: #"{"name": "add"}"#, headers: [.idempotencyKeyForTests: "once"]
                        ).text
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(bodies.count == 1)
            let state = try await client.get("/machines/o").decoded(MachineState.self)
            #expect(state.version == 2)
            #expect(state.dataModel["items"] == .number(1))
        }
    }

    @Test("Events of one machine from many clients at once are all applied, in some order, none lost")
    func concurrentWithoutKeys() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await client.post("/machines/o/events", json: #"{"name": "add"}"#) }
                }
                try await group.waitForAll()
            }
            let state = try await client.get("/machines/o").decoded(MachineState.self)
            #expect(state.version == 21)
            #expect(state.dataModel["items"] == .number(20))
        }
    }
}
