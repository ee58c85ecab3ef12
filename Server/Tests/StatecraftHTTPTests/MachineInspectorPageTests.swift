import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StatecraftHTTP
import Testing

@Suite("Inspector page")
struct MachineInspectorPageTests {
    @Test("The inspector page draws the chart and follows the machine's stream with EventSource")
    func page() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            try await client.post("/machines", json: #"{"id": "o:1"}"#)
            let response = try await client.get("/machines/o:1/inspect")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = response.text
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            // The stream's path, its identifier percent-encoded, read as Server-Sent Events.
            #expect(html.contains(#"data-live-feed="/machines/o%3A1/stream" data-live-feed-transport="sse""#))
            #expect(html.contains("new EventSource("))
            // The chart is drawn, its states ready to be highlighted.
            #expect(html.contains(#"data-state="cart""#) && html.contains(#"data-state="payment""#))
            #expect(html.contains("<title>order: o:1 (live)</title>"))
        }
    }

    @Test("The inspector page of an unknown machine is a 404")
    func unknown() async throws {
        let fixture = try await ServeFixture()
        try await fixture.test { client in
            let response = try await client.get("/machines/nobody/inspect")
            #expect(response.status == .notFound)
            #expect(response.errorCode == "machine_not_found")
        }
    }
}
