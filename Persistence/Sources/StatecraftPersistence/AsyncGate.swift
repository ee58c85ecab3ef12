/// Runs async operations one at a time, in arrival order: the transactions of a store that shares one
/// database connection must not interleave.
public actor AsyncGate {
    private var isBusy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates an open gate.
    public init() {}

    /// Runs `body` once every operation that arrived before it has finished.
    ///
    /// - Parameter body: The operation.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func run<Result: Sendable, Failure: Error>(
        _ body: @Sendable () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        if isBusy {
            await withCheckedContinuation { waiters.append($0) }
        } else {
            isBusy = true
        }
        defer { leave() }
        return try await body()
    }

    private func leave() {
        if waiters.isEmpty {
            isBusy = false
        } else {
            // The gate stays busy: it passes straight to the next waiter.
            waiters.removeFirst().resume()
        }
    }
}
