import Hummingbird

/// Refuses every request that does not carry `Authorization: Bearer TOKEN` with the server's token.
struct BearerTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The token every request must carry.
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let header = request.headers[.authorization], Self.matches(header, token: token) else {
            throw ServeError.unauthorized
        }
        return try await next(request, context)
    }

    /// Whether `header` is `Bearer TOKEN`, compared in time independent of where the first difference is.
    static func matches(_ header: String, token: String) -> Bool {
        let prefix = "Bearer "
        guard header.count > prefix.count, header.prefix(prefix.count).lowercased() == prefix.lowercased() else {
            return false
        }
        let given = Array(header.utf8.dropFirst(prefix.utf8.count))
        let expected = Array(token.utf8)
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(given, expected) { difference |= left ^ right }
        return difference == 0
    }
}
