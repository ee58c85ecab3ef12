import Statecraft

/// A gate that async work passes once per ``release()``: a test lets a fake effect or download take one
/// step at a time.
///
/// Waiting ignores task cancellation on purpose, so that a test can make cancelled work carry on and try
/// to send events. The state is kept in a `LockedValue` (a `pthread` mutex) rather than `Mutex`, because
/// these tests run under the thread sanitizer, which does not see `Mutex`'s futex waits on Linux.
package final class Gate: Sendable {
    private struct Storage {
        var permits = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let storage = LockedValue(Storage())

    /// Creates a closed gate.
    package init() {}

    /// Waits until the gate has been released once more than it has been passed.
    package func pass() async {
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

    /// Lets one waiter through, or the next caller of ``pass()`` if nobody waits.
    package func release() {
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
