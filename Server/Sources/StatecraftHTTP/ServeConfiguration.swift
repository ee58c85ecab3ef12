/// Where and how `statecraft serve` listens: the address, the bearer token and the request limits.
///
/// Loopback addresses need no token; any other address refuses to start without one, and with a token
/// every request must carry `Authorization: Bearer TOKEN`.
public struct ServeConfiguration: Sendable, Equatable {
    /// The host to listen on.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// The bearer token every request must carry, if any.
    public var token: String?
    /// The request limits.
    public var limits: ServeLimits

    /// A configuration from `--http HOST:PORT` and `--token`.
    ///
    /// - Parameters:
    ///   - address: `HOST:PORT`, such as `127.0.0.1:8080` or `[::1]:8080`.
    ///   - token: The bearer token; an empty one counts as none.
    ///   - limits: The request limits.
    /// - Throws: ``ServeSetupError/address(_:problem:)`` for a malformed address;
    ///   ``ServeSetupError/tokenRequired(host:)`` for a non-loopback host without a token.
    public init(http address: String = "127.0.0.1:8080", token: String? = nil, limits: ServeLimits = ServeLimits())
        throws(ServeSetupError)
    {
        guard let colon = address.lastIndex(of: ":") else {
            throw .address(address, problem: "give HOST:PORT, such as 127.0.0.1:8080")
        }
        var host = String(address[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw .address(address, problem: "the host is missing (127.0.0.1 is loopback)") }
        guard let port = Int(address[address.index(after: colon)...]), (0...65_535).contains(port) else {
            throw .address(address, problem: "the port must be a number from 0 to 65535 (0 picks a free one)")
        }
        let token = token.flatMap { $0.isEmpty ? nil : $0 }
        guard token != nil || Self.isLoopback(host) else { throw .tokenRequired(host: host) }
        self.host = host
        self.port = port
        self.token = token
        self.limits = limits
    }

    /// Whether `host` names this machine only: `localhost`, `127.0.0.0/8` or `::1`.
    ///
    /// - Parameter host: A host name or address.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { UInt8($0) != nil }
    }
}
