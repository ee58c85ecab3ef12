import Foundation
import Hummingbird
import NIOCore
import StatecraftSCXML

/// A request body read up to the server's limit and decoded as the API's JSON.
struct ServeRequestBody {
    /// The body's bytes.
    let bytes: ByteBuffer

    /// Reads the body.
    ///
    /// - Throws: ``ServeError/bodyTooLarge(limit:)`` beyond `limit` bytes.
    init(_ request: Request, limit: Int) async throws(ServeError) {
        var request = request
        do {
            bytes = try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw .bodyTooLarge(limit: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw .bodyTooLarge(limit: limit)
        } catch {
            throw .invalidBody("it could not be read: \(error)")
        }
    }

    /// The Basic HTTP event `request` carries with this body (`SCXMLBasicHTTPMessage`): a form body's
    /// `_scxmleventname` names it (`HTTP.POST` otherwise) and its other fields are its data.
    func basicHTTPEvent(of request: Request) -> SCXMLEvent {
        let headers = request.headers.map { (name: $0.name.canonicalName, value: $0.value) }
        let target = request.uri.query.map { "\(request.uri.path)?\($0)" } ?? request.uri.path
        return SCXMLBasicHTTPMessage.event(
            method: request.method.rawValue, target: target, headers: headers, body: String(buffer: bytes))
    }

    /// The body as `Body`, or `empty` for an empty body when one is given.
    ///
    /// - Throws: ``ServeError/invalidBody(_:)`` naming what is wrong.
    func decode<Body: Decodable>(_ type: Body.Type, orEmpty empty: Body?) throws(ServeError) -> Body {
        if bytes.readableBytes == 0 {
            guard let empty else { throw .invalidBody("it is empty; the operation takes a JSON object") }
            return empty
        }
        do {
            return try ServeJSON.decoder.decode(Body.self, from: Data(bytes.readableBytesView))
        } catch let DecodingError.keyNotFound(key, _) {
            throw .invalidBody("the member \"\(key.stringValue)\" is missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw .invalidBody("\(path.isEmpty ? "the body" : "\"\(path)\""): \(context.debugDescription)")
        } catch {
            throw .invalidBody("it is not JSON")
        }
    }
}
