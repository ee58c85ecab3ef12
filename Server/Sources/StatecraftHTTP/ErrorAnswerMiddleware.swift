import Hummingbird

/// Answers every failure as the API's JSON error: a ``ServeError`` as it is, the router's own errors (no
/// such route, a body too large) with their status, and anything else as a 500 naming it.
struct ErrorAnswerMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as ServeError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError where error.status == .notFound {
            // A path of the API with a method it does not take is a 405, not a missing route.
            if let allowed = ServeRouter.methods(ofPath: request.uri.path) {
                return try ServeError.methodNotAllowed(
                    method: request.method.rawValue, path: request.uri.path, allowed: allowed
                ).response(from: request, context: context)
            }
            return try ServeError.http(status: 404, message: "no route \(request.method) \(request.uri.path)")
                .response(from: request, context: context)
        } catch let error as HTTPError {
            let message =
                error.body
                ?? "\(error.status.code) \(error.status.reasonPhrase) for \(request.method) \(request.uri.path)"
            let translated: ServeError =
                error.status == .contentTooLarge
                ? .http(status: 413, message: message) : .http(status: error.status.code, message: message)
            return try translated.response(from: request, context: context)
        } catch {
            return try ServeError.http(status: 500, message: "\(request.method) \(request.uri.path) failed: \(error)")
                .response(from: request, context: context)
        }
    }
}
