import Foundation
import Hummingbird
import StatecraftPersistence

/// Why the server refused or failed a request: each case has its HTTP status and a stable `code`, and its
/// description names the machine, event, key or limit concerned. Answered as
/// `{"error": {"code": "…", "message": "…"}}`.
public enum ServeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No machine has this identifier.
    case machineNotFound(String)
    /// A machine with this identifier exists already.
    case machineExists(String)
    /// The request body is not the JSON the operation takes; the text says what is wrong.
    case invalidBody(String)
    /// A machine identifier, event name or idempotency key is empty, too long or has characters it may not.
    case invalidName(kind: String, value: String, reason: String)
    /// A query parameter is not one the operation takes.
    case invalidParameter(name: String, value: String, reason: String)
    /// The request body is larger than ``ServeLimits/maximumBodyBytes``.
    case bodyTooLarge(limit: Int)
    /// The event's data is larger than ``ServeLimits/maximumEventDataBytes``.
    case eventDataTooLarge(event: String, bytes: Int, limit: Int)
    /// The idempotency key was used before for another event of the machine.
    case idempotencyKeyReused(machine: String, key: String, event: String)
    /// The machine has finished; it takes no more events.
    case machineFinished(machine: String, event: String)
    /// The event made the chart process more than ``ServeLimits/maximumEventsPerRequest`` events, or a
    /// macrostep did not settle; nothing was stored.
    case didNotSettle(machine: String, event: String, reason: String)
    /// The machine's state cannot be saved (an `<invoke>` is running, or a time is out of range).
    case unsavable(machine: String, reason: String)
    /// The request lacks the bearer token, or carries another.
    case unauthorized
    /// Another writer changed the machine while this request applied its event, twice in a row.
    case busy(machine: String)
    /// The store failed.
    case store(MachineStoreError)
    /// The stored snapshot does not restore into the served chart.
    case unrestorable(machine: String, reason: String)
    /// The inspector page cannot be made: the chart cannot be explored, or Graphviz's `dot` is missing or failed.
    case inspectorUnavailable(reason: String)
    /// The path exists but does not take the method; `allowed` lists those it takes.
    case methodNotAllowed(method: String, path: String, allowed: [String])
    /// Another HTTP error raised by the router (no such route, a method the path does not take).
    case http(status: Int, message: String)

    /// The HTTP status code.
    public var statusCode: Int {
        switch self {
        case .machineNotFound: 404
        case .machineExists, .idempotencyKeyReused, .machineFinished, .busy: 409
        case .invalidBody, .invalidName, .invalidParameter: 400
        case .bodyTooLarge, .eventDataTooLarge: 413
        case .didNotSettle, .unsavable: 422
        case .unauthorized: 401
        case .store(.unavailable), .inspectorUnavailable: 503
        case .store, .unrestorable: 500
        case .methodNotAllowed: 405
        case .http(let status, _): status
        }
    }

    /// A stable, machine-readable name of the case.
    public var code: String {
        switch self {
        case .machineNotFound: "machine_not_found"
        case .machineExists: "machine_exists"
        case .invalidBody: "invalid_body"
        case .invalidName: "invalid_name"
        case .invalidParameter: "invalid_parameter"
        case .bodyTooLarge: "body_too_large"
        case .eventDataTooLarge: "event_data_too_large"
        case .idempotencyKeyReused: "idempotency_key_reused"
        case .machineFinished: "machine_finished"
        case .didNotSettle: "did_not_settle"
        case .unsavable: "unsavable"
        case .unauthorized: "unauthorized"
        case .busy: "busy"
        case .store: "store_failed"
        case .unrestorable: "unrestorable"
        case .inspectorUnavailable: "inspector_unavailable"
        case .methodNotAllowed: "method_not_allowed"
        case .http: "http_error"
        }
    }

    /// A sentence naming what was refused and why.
    public var description: String {
        switch self {
        case .machineNotFound(let machine): "machine \"\(machine)\" does not exist"
        case .machineExists(let machine): "machine \"\(machine)\" exists already"
        case .invalidBody(let reason): "the request body is not valid: \(reason)"
        case .invalidName(let kind, let value, let reason):
            "the \(kind) \"\(value.prefix(64))\" is not valid: \(reason)"
        case .invalidParameter(let name, let value, let reason):
            "the query parameter \(name)=\"\(value.prefix(64))\" is not valid: \(reason)"
        case .bodyTooLarge(let limit): "the request body is larger than \(limit) bytes"
        case .eventDataTooLarge(let event, let bytes, let limit):
            "the data of event \"\(event)\" is \(bytes) bytes of JSON, more than the limit of \(limit)"
        case .idempotencyKeyReused(let machine, let key, let event):
            "machine \"\(machine)\": idempotency key \"\(key)\" was used for another event than \"\(event)\""
        case .machineFinished(let machine, let event):
            "machine \"\(machine)\" has finished and takes no event (got \"\(event)\")"
        case .didNotSettle(let machine, let event, let reason):
            "machine \"\(machine)\": event \"\(event)\" did not settle: \(reason); nothing was stored"
        case .unsavable(let machine, let reason): "machine \"\(machine)\" cannot be saved: \(reason)"
        case .unauthorized: "this server needs the header Authorization: Bearer TOKEN"
        case .busy(let machine): "machine \"\(machine)\" kept changing under this request; retry it"
        case .store(let error): "\(error)"
        case .unrestorable(let machine, let reason):
            "machine \"\(machine)\": the stored snapshot does not restore into the served chart: \(reason)"
        case .inspectorUnavailable(let reason): "the inspector page cannot be made: \(reason)"
        case .methodNotAllowed(let method, let path, let allowed):
            "\(path) does not take \(method); it takes \(allowed.joined(separator: ", "))"
        case .http(_, let message): message
        }
    }
}

extension ServeError: HTTPResponseError {
    /// The HTTP status.
    public var status: HTTPResponse.Status { HTTPResponse.Status(code: statusCode) }

    /// The JSON error body.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - context: The request's context.
    /// - Returns: `{"error": {"code": …, "message": …}}` with the status.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = ErrorBody(error: .init(code: code, message: description))
        let data = try ServeJSON.encoder.encode(body)
        var headers: HTTPFields = [.contentType: "application/json"]
        if case .unauthorized = self { headers[.wwwAuthenticate] = "Bearer" }
        if case .methodNotAllowed(_, _, let allowed) = self { headers[.allow] = allowed.joined(separator: ", ") }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// The body of an error answer.
struct ErrorBody: Codable, Equatable {
    struct Detail: Codable, Equatable {
        var code: String
        var message: String
    }
    var error: Detail
}
