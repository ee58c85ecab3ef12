/// How long a ``PostgresMachineStore`` waits for its server, and how it reconnects after losing it.
///
/// ```swift
/// var policy = PostgresStorePolicy()
/// policy.reconnectWindow = .seconds(30)     // ride out a longer server restart
/// let store = try await PostgresMachineStore(url: url, policy: policy)
/// ```
///
/// Opening the store connects once, within ``connectTimeout``: a server that refuses or does not answer
/// fails the opening at once with ``MachineStoreError/unavailable(store:reason:)``. After that, every
/// operation (a load, a save, a journal read) is an attempt bounded by ``attemptTimeout``; an attempt that
/// loses its connection (the server closed it, was stopped or restarted, or stopped answering) is retried on
/// a fresh connection pool every ``retryDelay`` — each retry bounded by ``connectTimeout`` — until
/// ``reconnectWindow`` has passed since the first failure, then the operation throws
/// ``MachineStoreError/unavailable(store:reason:)`` naming the server, the last failure and why a new
/// connection fails (one more connection, bounded by `connectTimeout` + 1 s). An operation therefore returns
/// or throws within `attemptTimeout + reconnectWindow + 2 × connectTimeout + 1 s` (27 seconds by default).
/// Retrying a save is safe: if the lost attempt had committed, the retry finds the newer version and reports
/// a conflict, which `DurableMachine` resolves by reloading and answering `.alreadyApplied`.
public struct PostgresStorePolicy: Sendable, Equatable {
    /// The longest opening a connection may take. 3 seconds by default.
    public var connectTimeout: Duration = .seconds(3)
    /// The longest one attempt of an operation may take, waiting for a pooled connection included.
    /// 10 seconds by default.
    public var attemptTimeout: Duration = .seconds(10)
    /// How long after its first lost connection an operation keeps retrying. 10 seconds by default;
    /// `.zero` reports the first loss.
    public var reconnectWindow: Duration = .seconds(10)
    /// The pause between two attempts. 250 milliseconds by default.
    public var retryDelay: Duration = .milliseconds(250)

    /// The defaults: connect within 3 s, attempts of at most 10 s, retries for 10 s every 250 ms.
    public init() {}
}
