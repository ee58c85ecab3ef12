import StatecraftPersistence

/// The error of ``withTimeLimit(_:_:)`` when the operation did not finish in time.
struct TimeLimitExceeded: Error, CustomStringConvertible {
    /// The limit that passed.
    let limit: Duration

    /// "no answer within 10 s".
    var description: String { "no answer within \(limit.secondsText)" }
}

/// Runs `operation` and returns what it returns — or throws ``TimeLimitExceeded`` once `limit` has passed,
/// whether or not the operation has finished. An operation still running then is cancelled and left to end
/// on its own: the caller never waits for it, so a connection that stopped answering cannot hang the caller.
///
/// - Parameters:
///   - limit: How long to wait.
///   - operation: The work; it runs in a task of its own.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws, ``TimeLimitExceeded``, or `CancellationError` when the caller is
///   cancelled.
func withTimeLimit<Result: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let outcome = OnceContinuation<Result>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            outcome.attach(continuation)
            let work = Task {
                do {
                    outcome.resume(with: .success(try await operation()))
                } catch {
                    outcome.resume(with: .failure(error))
                }
            }
            let timer = Task {
                try? await Task.sleep(for: limit)
                outcome.resume(with: .failure(TimeLimitExceeded(limit: limit)))
            }
            // Whoever comes first, the other racers stop: the timer, or the operation (cancelled, not awaited).
            outcome.onResume {
                timer.cancel()
                work.cancel()
            }
        }
    } onCancel: {
        outcome.resume(with: .failure(CancellationError()))
    }
}

/// A continuation resumed by whichever of several racers comes first; the others are ignored.
private final class OnceContinuation<Result: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result, any Error>?
        /// An outcome that arrived before the continuation was attached (cancellation can come first).
        var early: Swift.Result<Result, any Error>?
        var isResumed = false
        var cleanup: (@Sendable () -> Void)?
    }

    private let state = LockedValue(State())

    /// Attaches the continuation, resuming it at once if an outcome is already there.
    func attach(_ continuation: CheckedContinuation<Result, any Error>) {
        let early = state.withLock { state -> Swift.Result<Result, any Error>? in
            guard let early = state.early else {
                state.continuation = continuation
                return nil
            }
            state.early = nil
            return early
        }
        if let early { continuation.resume(with: early) }
    }

    /// Registers what to do once resumed (stop the timer); runs it at once if that already happened.
    func onResume(_ cleanup: @escaping @Sendable () -> Void) {
        let resumed = state.withLock { state in
            if !state.isResumed { state.cleanup = cleanup }
            return state.isResumed
        }
        if resumed { cleanup() }
    }

    /// Resumes with `result` unless another racer came first.
    ///
    /// - Returns: Whether this call was the first.
    @discardableResult
    func resume(with result: Swift.Result<Result, any Error>) -> Bool {
        let (continuation, cleanup, first) = state.withLock {
            state -> (CheckedContinuation<Result, any Error>?, (@Sendable () -> Void)?, Bool) in
            guard !state.isResumed else { return (nil, nil, false) }
            state.isResumed = true
            defer {
                state.continuation = nil
                state.cleanup = nil
            }
            if state.continuation == nil { state.early = result }
            return (state.continuation, state.cleanup, true)
        }
        continuation?.resume(with: result)
        cleanup?()
        return first
    }
}
