/// Why a download failed.
public enum StenciltownDownloadError: Error, Equatable, CustomStringConvertible {
    /// The server answered with a status outside 200–299.
    case httpStatus(Int, url: String)
    /// The request failed before a complete response: host unreachable, connection refused or broken.
    case transport(String, url: String)

    /// A message naming the URL, shown in the failure state.
    public var description: String {
        switch self {
        case .httpStatus(let status, let url): "HTTP \(status) from \(url)"
        case .transport(let message, let url): "cannot download \(url): \(message)"
        }
    }
}
