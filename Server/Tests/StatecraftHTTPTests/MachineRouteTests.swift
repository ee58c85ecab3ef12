import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StatecraftHTTP
import Testing

@Suite("Machine routes")
struct MachineRouteTests {
    @Test("Creating a machine answers 201 with its state: configuration, data model, accepted events")
    func create() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            let response = try await client.post("/machines", json: #"{"id": "order-1"}"#)
            #expect(response.status == .created)
            #expect(response.headers[.location] == "/machines/order-1")
            let state = try response.decoded(MachineState.self)
            #expect(state.id == "order-1")
            #expect(state.version == 1)
            #expect(state.configuration == ["cart"])
            #expect(state.finished == false)
            #expect(state.dataModel == ["items": .number(0), "note": .null])
            #expect(state.acceptedEvents == ["add", "checkout", "note"])

            let again = try await client.post("/machines", json: #"{"id": "order-1"}"#)
            #expect(again.status == .conflict)
            #expect(again.errorCode == "machine_exists")

            let unnamed = try await client.post("/machines", json: "")
            #expect(unnamed.status == .created)
            let list = try await client.get("/machines")
            #expect(list.status == .ok)
            #expect(list.text.contains(#""order-1""#))
        }
    }

    @Test("An event moves the machine, is stored, and shows in its state and journal")
    func eventStateAndJournal() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            let added = try await client.post("/machines/o/events", json: #"{"name": "add"}"#)
            #expect(added.status == .ok)
            #expect(try added.decoded(EventAnswer.self).version == 2)
            try await client.post("/machines/o/events", json: #"{"name": "note", "data": {"gift": true, "to": "Ann"}}"#)
            let checkout = try await client.post("/machines/o/events", json: #"{"name": "checkout"}"#)
            let answer = try checkout.decoded(EventAnswer.self)
            #expect(answer.configuration == ["payment"])
            #expect(answer.macrosteps.map(\.exited) == [["cart"]])
            #expect(answer.macrosteps.map(\.entered) == [["payment"]])

            let state = try await client.get("/machines/o").decoded(MachineState.self)
            #expect(state.version == 4)
            #expect(state.configuration == ["payment"])
            #expect(state.dataModel["items"] == .number(1))
            #expect(state.dataModel["note"] == .object(["gift": .boolean(true), "to": .string("Ann")]))
            #expect(state.acceptedEvents == ["cancel", "pay"])

            let journal = try await client.get("/machines/o/journal").decoded(JournalView.self)
            #expect(journal.entries.map(\.sequence) == [1, 2, 3, 4])
            #expect(journal.entries.first?.eventID == "create")
            #expect(journal.entries.dropFirst().allSatisfy { $0.eventID.hasPrefix("auto:") })
            // The store holds what the API said.
            let stored = try await fixture.store.load(machine: "o")
            #expect(stored?.version == 4)
            #expect(try await fixture.store.journal(machine: "o").map(\.eventID) == journal.entries.map(\.eventID))
        }
    }

    @Test("A finished machine takes no more events and accepts none")
    func finished() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            for name in ["add", "checkout", "pay"] {
                try await client.post("/machines/o/events", json: #"{"name": "\#(name)"}"#)
            }
            let state = try await client.get("/machines/o").decoded(MachineState.self)
            #expect(state.finished)
            #expect(state.finalState == "shipped")
            #expect(state.acceptedEvents == [])
            let late = try await client.post("/machines/o/events", json: #"{"name": "add"}"#)
            #expect(late.status == .conflict)
            #expect(late.errorCode == "machine_finished")
        }
    }

    @Test("Unknown machines and routes answer JSON errors naming them")
    func notFound() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            for path in ["/machines/nobody", "/machines/nobody/journal"] {
                let response = try await client.get(path)
                #expect(response.status == .notFound)
                #expect(response.errorCode == "machine_not_found")
                #expect(response.text.contains(#"machine \"nobody\" does not exist"#))
            }
            let event = try await client.post("/machines/nobody/events", json: #"{"name": "add"}"#)
            #expect(event.status == .notFound)
            let route = try await client.get("/nowhere")
            #expect(route.status == .notFound)
            #expect(route.errorCode == "http_error")
            #expect(route.headers[.contentType] == "application/json")
        }
    }

    @Test("A path of the API with a method it does not take is a 405 with Allow")
    func methodNotAllowed() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            let cases: [(String, HTTPRequest.Method, String)] = [
                ("/machines", .put, "GET, POST"), ("/machines/o", .delete, "GET"),
                ("/machines/o/events", .get, "POST"), ("/openapi.yaml", .post, "GET"),
            ]
            for (path, method, allowed) in cases {
                let response = try await client.execute(uri: path, method: method)
                #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                #expect(response.headers[.allow] == allowed)
                #expect(response.errorCode == "method_not_allowed")
            }
        }
    }

    @Test("A percent-encoded machine identifier in the path is decoded")
    func percentEncodedIdentifier() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "shop:1"}"#)
            let response = try await client.get("/machines/shop%3A1")
            #expect(response.status == .ok)
            #expect(try response.decoded(MachineState.self).id == "shop:1")
            let malformed = try await client.get("/machines/shop%ZZ")
            #expect(malformed.status == .badRequest)
            #expect(malformed.errorCode == "invalid_name")
        }
    }

    @Test("GET /openapi.yaml serves the checked-in document")
    func openAPI() async throws {
        let fixture = try await ServeFixture()
        let file = try String(
            contentsOf: ServeFixture.serverPackage.appendingPathComponent("Sources/StatecraftHTTP/openapi.yaml"),
            encoding: .utf8)
        try await fixture.test { client in
            let response = try await client.get("/openapi.yaml")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/yaml")
            #expect(response.text == file)
        }
    }
}
