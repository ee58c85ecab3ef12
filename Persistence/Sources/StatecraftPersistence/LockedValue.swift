import Foundation

/// A value shared between threads, every access made under a lock.
///
/// The stores use it instead of `Synchronization.Mutex`, which needs macOS 15 and iOS 18: this package
/// supports macOS 13 and iOS 16, as the core does. `NSLock` is a `pthread` mutex on Linux, which the thread
/// sanitizer understands.
///
/// `@unchecked Sendable` is sound here: the value is only reachable inside ``withLock(_:)``.
package final class LockedValue<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// Wraps `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// `body` must not call `withLock` on the same instance: the lock is not recursive.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
