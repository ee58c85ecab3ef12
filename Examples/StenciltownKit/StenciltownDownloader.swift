/// Downloads the stencil, reporting progress.
public protocol StenciltownDownloader: Sendable {
    /// Downloads, calling `progress` with the fraction received (0…1) as bytes arrive.
    ///
    /// - Parameter progress: Called with the fraction received; awaiting it paces the download's reports.
    /// - Throws: A ``StenciltownDownloadError`` (or `CancellationError` when cancelled).
    func download(progress: @escaping @Sendable (Double) async -> Void) async throws
}
