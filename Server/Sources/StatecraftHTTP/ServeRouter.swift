import Foundation
import Hummingbird

/// Builds the HTTP API's router over machines of one chart.
///
/// ```swift
/// let router = ServeRouter.build(sessions: sessions, token: nil)
/// let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
/// ```
///
/// Routes (`Server/openapi.yaml` documents them, `GET /openapi.yaml` serves it):
/// - `POST /machines` starts a machine; `GET /machines` lists them.
/// - `GET /machines/{id}`: configuration, data model, the events it would take now.
/// - `POST /machines/{id}/events`: applies an event; an `Idempotency-Key` header makes a retry safe.
/// - `GET /machines/{id}/journal`: the stored events, oldest first.
/// - `GET /machines/{id}/stream`: Server-Sent Events, the machine's state and then each committed macrostep.
/// - `GET /machines/{id}/inspect`: an HTML page that draws the chart and follows the machine's stream.
/// - `POST /scxml/{id}`: SCXML's Basic HTTP Event I/O Processor — a form body (`_scxmleventname` and data
///   fields) applied as `POST /machines/{id}/events` applies an event; the location `_ioprocessors` gives.
public enum ServeRouter {
    /// The router, with the error answers and, when `token` is set, the bearer check on every route.
    ///
    /// - Parameters:
    ///   - sessions: The machines.
    ///   - token: The bearer token every request must carry; `nil` for none (loopback only).
    /// - Returns: The router.
    public static func build(sessions: DurableSCXMLSessions, token: String?) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: ErrorAnswerMiddleware())
        if let token { router.add(middleware: BearerTokenMiddleware(token: token)) }
        let limits = sessions.limits
        let inspectorPage = MachineInspectorPage(document: sessions.document)

        router.get("/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
        router.get("/machines") { _, _ in
            try json(MachineList(machines: try await sessions.machines()))
        }
        router.post("/machines") { request, _ in
            let body = try await ServeRequestBody(request, limit: limits.maximumBodyBytes)
            let creation = try body.decode(CreateMachineRequest.self, orEmpty: CreateMachineRequest(id: nil))
            let state = try await sessions.create(machine: creation.id)
            return try json(state, status: .created, headers: [.location: "/machines/\(state.id)"])
        }
        router.get("/machines/:id") { _, context in
            try json(try await sessions.state(machine: try machineID(context)))
        }
        router.post("/machines/:id/events") { request, context in
            let machine = try machineID(context)
            let body = try await ServeRequestBody(request, limit: limits.maximumBodyBytes)
            let event = try body.decode(EventRequest.self, orEmpty: nil)
            let key = request.headers[.idempotencyKey]
            let (answer, replayed) = try await sessions.send(
                machine: machine, event: event.name, data: event.data, idempotencyKey: key)
            return eventAnswer(answer, replayed: replayed, key: key)
        }
        router.post("/scxml/:id") { request, context in
            let machine = try machineID(context)
            let body = try await ServeRequestBody(request, limit: limits.maximumBodyBytes)
            let key = request.headers[.idempotencyKey]
            let (answer, replayed) = try await sessions.receive(
                basicHTTP: body.basicHTTPEvent(of: request), machine: machine, idempotencyKey: key)
            return eventAnswer(answer, replayed: replayed, key: key)
        }
        router.get("/machines/:id/journal") { _, context in
            try json(try await sessions.journal(machine: try machineID(context)))
        }
        router.get("/machines/:id/stream") { request, context in
            try await MachineStream.response(
                sessions: sessions, machine: try machineID(context), request: request)
        }
        router.get("/machines/:id/inspect") { _, context in
            let machine = try machineID(context)
            _ = try await sessions.state(machine: machine)
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: try inspectorPage.html(machine: machine))))
        }
        return router
    }

    /// The `{id}` path parameter, percent-decoded.
    static func machineID(_ context: BasicRequestContext) throws(ServeError) -> String {
        let raw = context.parameters.get("id") ?? ""
        guard raw.utf8.contains(UInt8(ascii: "%")) else { return raw }
        guard let id = raw.removingPercentEncoding else {
            throw .invalidName(kind: "machine identifier", value: raw, reason: "its percent-encoding is malformed")
        }
        return id
    }

    /// The methods the API takes on `path`, or `nil` when the path is none of the API's.
    static func methods(ofPath path: String) -> [String]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        switch segments.count {
        case 1 where segments[0] == "openapi.yaml": return ["GET"]
        case 1 where segments[0] == "machines": return ["GET", "POST"]
        case 2 where segments[0] == "machines" && !segments[1].isEmpty: return ["GET"]
        case 2 where segments[0] == "scxml" && !segments[1].isEmpty: return ["POST"]
        case 3 where segments[0] == "machines" && !segments[1].isEmpty:
            switch segments[2] {
            case "events": return ["POST"]
            case "journal", "stream", "inspect": return ["GET"]
            default: return nil
            }
        default: return nil
        }
    }

    /// An event's answer, with `Idempotent-Replayed` when the request carried an `Idempotency-Key`.
    static func eventAnswer(_ answer: EventAnswer, replayed: Bool, key: String?) -> Response {
        var headers: HTTPFields = [:]
        if key != nil { headers[.idempotentReplayed] = replayed ? "true" : "false" }
        headers[.contentType] = "application/json"
        return Response(
            status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.jsonBytes)))
    }

    /// A JSON answer.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws
        -> Response
    {
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(
            status: status, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try ServeJSON.encoder.encode(value))))
    }
}
