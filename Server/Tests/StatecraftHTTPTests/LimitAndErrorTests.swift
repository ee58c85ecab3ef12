import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StatecraftHTTP
import Testing

@Suite("Limits and malformed requests")
struct LimitAndErrorTests {
    @Test("A body beyond the limit is refused with 413 body_too_large")
    func bodyTooLarge() async throws {
        let fixture = try await ServeFixture(limits: ServeLimits(maximumBodyBytes: 100))
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            let big = #"{"name": "note", "data": "\#(String(repeating: "x", count: 200))"}"#
            let response = try await client.post("/machines/o/events", json: big)
            #expect(response.status == .contentTooLarge)
            #expect(response.errorCode == "body_too_large")
            #expect(response.text.contains("larger than 100 bytes"))
        }
    }

    @Test("Event data beyond its limit is refused with 413 event_data_too_large, nothing stored")
    func eventDataTooLarge() async throws {
        let fixture = try await ServeFixture(limits: ServeLimits(maximumEventDataBytes: 50))
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            let response = try await client.post(
                "/machines/o/events", json: #"{"name": "note", "data": "\#(String(repeating: "x", count: 60))"}"#)
            #expect(response.status == .contentTooLarge)
            #expect(response.errorCode == "event_data_too_large")
            #expect(response.text.contains(#"event \"note\""#))
            #expect(try await client.get("/machines/o").decoded(MachineState.self).version == 1)
        }
    }

    @Test("Malformed bodies, names and keys are 400s that say what is wrong")
    func malformed() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            let cases: [(path: String, body: String, key: String?, code: String, says: String)] = [
                ("/machines/o/events", "not json", nil, "invalid_body", "not JSON"),
                ("/machines/o/events", #"{"data": 1}"#, nil, "invalid_body", #"member \"name\" is missing"#),
                ("/machines/o/events", #"{"name": 3}"#, nil, "invalid_body", "name"),
                ("/machines/o/events", "", nil, "invalid_body", "it is empty"),
                ("/machines/o/events", #"{"name": ""}"#, nil, "invalid_name", "it is empty"),
                ("/machines/o/events", #"{"name": "a b"}"#, nil, "invalid_name", "U+20"),
                ("/machines/o/events", #"{"name": "add"}"#, "k\u{e9}y", "invalid_name", "idempotency key"),
                ("/machines", #"{"id": "a/b"}"#, nil, "invalid_name", "U+2F"),
                (
                    "/machines", #"{"id": "\#(String(repeating: "a", count: 201))"}"#, nil, "invalid_name",
                    "longer than 200"
                ),
                ("/machines/o%20x/events", #"{"name": "add"}"#, nil, "invalid_name", "machine identifier"),
            ]
            for item in cases {
                var headers: HTTPFields = [:]
                if let key = item.key { headers[.idempotencyKeyForTests] = key }
                let response = try await client.post(item.path, json: item.body, headers: headers)
                #expect(response.status == .badRequest, "\(item.body)")
                #expect(response.errorCode == item.code, "\(item.body)")
                #expect(response.text.contains(item.says), "\(item.body): \(response.text)")
            }
            #expect(try await client.get("/machines/o").decoded(MachineState.self).version == 1)
        }
    }

    @Test("An event that never settles is refused with 422 and nothing is stored")
    func didNotSettle() async throws {
        let fixture = try await ServeFixture(
            chart: ServeFixture.loopingChart, limits: ServeLimits(maximumEventsPerRequest: 50))
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "l"}"#)
            let response = try await client.post("/machines/l/events", json: #"{"name": "ping"}"#)
            #expect(response.status == .unprocessableContent)
            #expect(response.errorCode == "did_not_settle")
            #expect(response.text.contains("more than 50 events"))
            let state = try await client.get("/machines/l").decoded(MachineState.self)
            #expect(state.version == 1)
            #expect(try await client.get("/machines/l/journal").decoded(JournalView.self).entries.count == 1)
        }
    }

    @Test("A bad limit of the stream is a 400 naming the parameter")
    func streamLimit() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            let response = try await client.get("/machines/o/stream?limit=-1")
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "invalid_parameter")
            #expect(response.text.contains("limit"))
        }
    }
}
