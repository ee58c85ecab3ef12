import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StatecraftHTTP
import Testing

/// `POST /scxml/ID`: a served machine receives SCXML's Basic HTTP events there, applied and stored as
/// `POST /machines/ID/events` applies them, and `_ioprocessors` gives that location.
@Suite("Basic HTTP route")
struct BasicHTTPRouteTests {
    /// A chart that keeps the location `_ioprocessors` gives it, takes `pay` with an amount, and `HTTP.POST`.
    static let chart = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="waiting">
          <datamodel>
            <data id="location" expr="_ioprocessors['basichttp'].location"/>
            <data id="amount" expr="0"/>
          </datamodel>
          <state id="waiting">
            <transition event="pay" target="paid"><assign location="amount" expr="_event.data.amount"/></transition>
            <transition event="HTTP.POST" target="poked"/>
          </state>
          <state id="paid"/>
          <state id="poked"/>
        </scxml>
        """

    /// `POST path` with a form body.
    static func postForm(_ client: some TestClientProtocol, _ path: String, _ form: String, headers: HTTPFields = [:])
        async throws -> TestResponse
    {
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: form))
    }

    @Test("A form posted to /scxml/ID is the named event with the other fields as data, stored once per key")
    func formEvent() async throws {
        let fixture = try await ServeFixture(chart: Self.chart)
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "order-1"}"#)
            let key: HTTPFields = [.idempotencyKeyForTests: "pay-1"]
            let paid = try await Self.postForm(client, "/scxml/order-1", "_scxmleventname=pay&amount=12", headers: key)
            #expect(paid.status == .ok)
            #expect(paid.headers[.idempotentReplayedForTests] == "false")
            let answer = try paid.decoded(EventAnswer.self)
            #expect(answer.event == "pay")
            #expect(answer.version == 2)
            #expect(answer.configuration == ["paid"])
            let retry = try await Self.postForm(client, "/scxml/order-1", "_scxmleventname=pay&amount=12", headers: key)
            #expect(retry.headers[.idempotentReplayedForTests] == "true")
            #expect(try retry.decoded(EventAnswer.self) == answer)

            let state = try await client.get("/machines/order-1").decoded(MachineState.self)
            #expect(state.version == 2)
            #expect(state.dataModel["amount"] == .string("12"))
            let journal = try await client.get("/machines/order-1/journal").decoded(JournalView.self)
            #expect(journal.entries.map(\.sequence) == [1, 2])
        }
    }

    @Test("A post without _scxmleventname is HTTP.POST; an unknown machine is 404; other methods 405")
    func unnamedUnknownAndMethods() async throws {
        let fixture = try await ServeFixture(chart: Self.chart)
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "m"}"#)
            let poked = try await Self.postForm(client, "/scxml/m", "")
            #expect(poked.status == .ok)
            #expect(try poked.decoded(EventAnswer.self).event == "HTTP.POST")
            #expect(try poked.decoded(EventAnswer.self).configuration == ["poked"])

            let unknown = try await Self.postForm(client, "/scxml/nobody", "_scxmleventname=pay")
            #expect(unknown.status == .notFound)
            #expect(unknown.errorCode == "machine_not_found")
            let get = try await client.get("/scxml/m")
            #expect(get.status == .methodNotAllowed)
            #expect(get.headers[.allow] == "POST")
        }
    }

    @Test("A served machine's <send type=\"basichttp\"> raises error.communication: it sends nothing")
    func sendingIsRefused() async throws {
        let chart = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="idle">
              <state id="idle">
                <transition event="ping">
                  <send type="basichttp" target="http://127.0.0.1:9/scxml/other" event="pong"/>
                </transition>
                <transition event="error.communication" target="refused"/>
              </state>
              <state id="refused"/>
            </scxml>
            """
        let fixture = try await ServeFixture(chart: chart)
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "m"}"#)
            let answer = try await client.post("/machines/m/events", json: #"{"name": "ping"}"#)
            #expect(try answer.decoded(EventAnswer.self).configuration == ["refused"])
        }
    }

    @Test("Over loopback, _ioprocessors gives the machine's /scxml/ID location, where a post reaches it")
    func ioprocessorsLocationOverLoopback() async throws {
        let fixture = try await ServeFixture(chart: Self.chart)
        try await fixture.test(over: .live) { client in
            let port = try #require(client.port)
            fixture.sessions.basicHTTP.baseURL = "http://127.0.0.1:\(port)/"
            let created = try await client.post("/machines", json: #"{"id": "order-7"}"#)
            let location = try created.decoded(MachineState.self).dataModel["location"]
            #expect(location == .string("http://127.0.0.1:\(port)/scxml/order-7"))
            let paid = try await Self.postForm(client, "/scxml/order-7", "_scxmleventname=pay&amount=3")
            #expect(paid.status == .ok)
            #expect(try paid.decoded(EventAnswer.self).configuration == ["paid"])
        }
    }
}
