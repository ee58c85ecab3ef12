import Statecraft

/// A thread-safe counter, for observers called from closures that must be `Sendable`.
package final class Counter: Sendable {
    private let storage = LockedValue(0)

    /// Creates a counter at zero.
    package init() {}

    /// Adds one.
    package func increment() { storage.withLock { $0 += 1 } }

    /// The count so far.
    package var value: Int { storage.withLock { $0 } }
}
