/// Why `statecraft serve` cannot start: each names the file, URL or address concerned.
public enum ServeSetupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The chart file cannot be read, parsed or built; `problem` says where and why.
    case chart(path: String, problem: String)
    /// The `--store` URL is not one the server knows.
    case storeURL(String, problem: String)
    /// The store could not be opened.
    case store(url: String, problem: String)
    /// `--http` is not `HOST:PORT`.
    case address(String, problem: String)
    /// The address is not a loopback address and no bearer token was given.
    case tokenRequired(host: String)

    /// A sentence naming what is wrong.
    public var description: String {
        switch self {
        // The parser's errors name the file already.
        case .chart(let path, let problem): problem.hasPrefix(path) ? problem : "\(path): \(problem)"
        case .storeURL(let url, let problem): "--store \(url): \(problem)"
        case .store(let url, let problem): "--store \(url): \(problem)"
        case .address(let address, let problem): "--http \(address): \(problem)"
        case .tokenRequired(let host):
            "--http \(host) is not a loopback address: give --token (or STATECRAFT_SERVE_TOKEN) so that every "
                + "request must carry Authorization: Bearer TOKEN"
        }
    }
}
