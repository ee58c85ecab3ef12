import Statecraft
import StenciltownKit

/// A gate a fake download passes once per `release()`, ignoring cancellation on purpose.
final class Gate: Sendable {
    private struct Storage {
        var permits = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let storage = LockedValue(Storage())

    func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let go = storage.withLock { storage -> Bool in
                if storage.permits > 0 {
                    storage.permits -= 1
                    return true
                }
                storage.waiters.append(continuation)
                return false
            }
            if go { continuation.resume() }
        }
    }

    func release() {
        let waiter = storage.withLock { storage -> CheckedContinuation<Void, Never>? in
            if storage.waiters.isEmpty {
                storage.permits += 1
                return nil
            }
            return storage.waiters.removeFirst()
        }
        waiter?.resume()
    }
}

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
