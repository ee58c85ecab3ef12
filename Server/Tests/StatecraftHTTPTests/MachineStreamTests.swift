import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StatecraftHTTP
import Testing

@Suite("Live stream")
struct MachineStreamTests {
    @Test("The stream sends the state, then each committed macrostep as Server-Sent Events")
    func follows() async throws {
        let fixture = try await ServeFixture()
        let feed = fixture.sessions.feed
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o"}"#)
            async let streamed = client.get("/machines/o/stream?limit=2")
            // The stream has subscribed once the feed has a reader.
            while feed.readerCount == 0 { await Task.yield() }
            try await client.post("/machines/o/events", json: #"{"name": "add"}"#)
            try await client.post("/machines/o/events", json: #"{"name": "checkout"}"#)
            let response = try await streamed
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream")
            let events = response.text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
            #expect(events.count == 3)
            #expect(events.first?.hasPrefix("event: state\ndata: {") == true)
            let last = try #require(events.last)
            #expect(last.hasPrefix("event: transition\ndata: "))
            let notice = try JSONDecoder().decode(
                TransitionNotice.self, from: Data(last.dropFirst("event: transition\ndata: ".count).utf8))
            #expect(notice.version == 3)
            #expect(notice.macrostep.entered == ["payment"])
        }
        #expect(feed.readerCount == 0)
    }

    @Test("The stream of an unknown machine is a 404")
    func unknown() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            let response = try await client.get("/machines/nobody/stream?limit=0")
            #expect(response.status == .notFound)
            #expect(response.errorCode == "machine_not_found")
        }
        #expect(fixture.sessions.feed.readerCount == 0)
    }
}
