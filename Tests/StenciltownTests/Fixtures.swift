import StatecraftTestSupport
import StenciltownKit

/// A download that reports the fractions it is given, one per gate release, and then says it is done —
/// even after it has been cancelled, like badly behaved network code.
struct StubbornDownloader: StenciltownDownloader {
    let gate: Gate
    let fractions: [Double]
    let done: AsyncStream<Void>.Continuation

    func download(progress: @escaping @Sendable (Double) async -> Void) async throws {
        for fraction in fractions {
            await gate.pass()
            await progress(fraction)
        }
        done.yield()
    }
}

/// A download that fails at once.
struct FailingDownloader: StenciltownDownloader {
    let error: StenciltownDownloadError
    func download(progress: @escaping @Sendable (Double) async -> Void) async throws { throw error }
}
