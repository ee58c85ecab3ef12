import Foundation
import Hummingbird

/// `GET /machines/{id}/stream`: Server-Sent Events of one machine — first `event: state` with its
/// ``MachineState``, then `event: transition` with a ``TransitionNotice`` for each macrostep committed
/// afterwards. `?limit=N` ends the stream after N transitions (a client that wants a bounded read, and the
/// tests); without it the stream lasts until the client goes away.
enum MachineStream {
    /// The largest `limit`.
    static let maximumLimit = 100_000

    /// The streaming answer.
    ///
    /// - Throws: ``ServeError/machineNotFound(_:)`` and the other errors of
    ///   ``DurableSCXMLSessions/state(machine:)``; ``ServeError/invalidParameter(name:value:reason:)`` for a bad `limit`.
    static func response(sessions: DurableSCXMLSessions, machine: String, request: Request) async throws(ServeError)
        -> Response
    {
        let limit = try Self.limit(request)
        // Subscribe before reading the state, so that no step falls between the two.
        let subscription = sessions.feed.subscribe(machine: machine)
        let state: MachineState
        do {
            state = try await sessions.state(machine: machine)
        } catch {
            sessions.feed.unsubscribe(subscription.id)
            throw error
        }
        let feed = sessions.feed
        let first = Self.message(event: "state", state)
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                defer { feed.unsubscribe(subscription.id) }
                try await writer.write(ByteBuffer(string: first))
                var sent = 0
                if limit != 0 {
                    for await notice in subscription.notices {
                        try await writer.write(ByteBuffer(string: Self.message(event: "transition", notice)))
                        sent += 1
                        if let limit, sent >= limit { break }
                    }
                }
                try await writer.finish(nil)
            })
    }

    /// `limit` from the query: `nil` when absent.
    static func limit(_ request: Request) throws(ServeError) -> Int? {
        guard let text = request.uri.queryParameters.get("limit") else { return nil }
        guard let limit = Int(text), (0...maximumLimit).contains(limit) else {
            throw .invalidParameter(
                name: "limit", value: text, reason: "it must be an integer from 0 to \(maximumLimit)")
        }
        return limit
    }

    /// One Server-Sent Event: `event: NAME` and the value's JSON on one `data:` line.
    static func message(event: String, _ value: some Encodable) -> String {
        let json = (try? ServeJSON.encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        return "event: \(event)\ndata: \(json)\n\n"
    }
}
