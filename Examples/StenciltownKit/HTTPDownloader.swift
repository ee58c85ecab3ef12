import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads a URL over HTTP with `URLSession`, reporting progress from the bytes received against the
/// response's `Content-Length`.
///
/// The bytes are counted and discarded: Stenciltown shows the download, it does not keep the file.
/// Cancelling the calling task cancels the request.
public struct HTTPDownloader: StenciltownDownloader {
    /// What is downloaded.
    public let url: URL

    /// Creates a downloader for `url`.
    ///
    /// - Parameter url: An `http` or `https` URL.
    public init(url: URL) {
        self.url = url
    }

    /// Downloads ``url``.
    ///
    /// - Parameter progress: Called with the fraction received; when the server sends no length, it is
    ///   called only with 1 at the end.
    /// - Throws: ``StenciltownDownloadError/httpStatus(_:url:)`` for a response outside 200–299,
    ///   ``StenciltownDownloadError/transport(_:url:)`` when the host cannot be reached or the connection
    ///   breaks, `CancellationError` when cancelled.
    public func download(progress: @escaping @Sendable (Double) async -> Void) async throws {
        let url = self.url
        // Only the latest fraction matters: a slow consumer skips intermediate ones.
        let (fractions, continuation) = AsyncThrowingStream.makeStream(
            of: Double.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(1))
        let delegate = DownloadDelegate(url: url, continuation: continuation)
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        let task = session.dataTask(with: url)
        continuation.onTermination = { _ in
            task.cancel()
            session.invalidateAndCancel()
        }
        task.resume()
        for try await fraction in fractions {
            await progress(fraction)
        }
        try Task.checkCancellation()
        await progress(1)
    }
}

/// Receives a data task's callbacks and turns them into progress fractions.
private final class DownloadDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Counts {
        var received: Int64 = 0
        var expected: Int64 = -1
        var failed = false
    }

    private let url: URL
    private let continuation: AsyncThrowingStream<Double, any Error>.Continuation
    // An `NSLock` rather than `Synchronization.Mutex` (macOS 15 / iOS 18), so that the example builds for the
    // package's macOS 13 / iOS 16 floor; every access to `storedCounts` goes through `counts.withLock`.
    private let counts = LockedCounts()

    init(url: URL, continuation: AsyncThrowingStream<Double, any Error>.Continuation) {
        self.url = url
        self.continuation = continuation
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            counts.withLock { $0.failed = true }
            continuation.finish(throwing: StenciltownDownloadError.httpStatus(http.statusCode, url: url.absoluteString))
            completionHandler(.cancel)
            return
        }
        counts.withLock { $0.expected = response.expectedContentLength }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let fraction = counts.withLock { counts -> Double? in
            counts.received += Int64(data.count)
            guard counts.expected > 0 else { return nil }
            return min(1, Double(counts.received) / Double(counts.expected))
        }
        if let fraction { continuation.yield(fraction) }
    }

    /// The counts, guarded by a lock.
    private final class LockedCounts: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var storedCounts = Counts()

        func withLock<Result>(_ body: (inout Counts) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&storedCounts)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        session.finishTasksAndInvalidate()
        if counts.withLock({ $0.failed }) { return }
        if let error {
            continuation.finish(
                throwing: StenciltownDownloadError.transport(Self.message(for: error), url: url.absoluteString))
        } else {
            continuation.finish()
        }
    }

    /// A short message for a transport error.
    private static func message(for error: any Error) -> String {
        guard let urlError = error as? URLError else { return error.localizedDescription }
        switch urlError.code {
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost: return "unknown host"
        case .timedOut: return "timed out"
        case .networkConnectionLost: return "connection lost"
        case .notConnectedToInternet: return "not connected"
        case .cancelled: return "cancelled"
        default: return "network error \(urlError.code.rawValue)"
        }
    }
}
