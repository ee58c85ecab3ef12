#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value shared between threads, every access made under a `pthread` mutex.
///
/// Statecraft uses it instead of `Synchronization.Mutex` because the thread sanitizer understands
/// `pthread_mutex_lock`: on Linux, `Mutex` waits with raw futex system calls that the sanitizer does not
/// see, so it reports "Swift access race" on correctly locked code and `swift test --sanitize=thread`
/// fails on false positives.
///
/// `@unchecked Sendable` is sound here: the value is only reachable inside ``withLock(_:)``.
package final class LockedValue<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Wraps `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "Internal inconsistency: pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// `body` must not call `withLock` on the same instance: the mutex is not recursive.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
